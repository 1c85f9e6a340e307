import { formatAge } from '../../view/age.js';
import { statusTone, summarizePod } from '../../view/podStatus.js';
import { flash, h, setText } from '../dom.js';
import type { Pod } from '../podCache.js';

const columns = ['namespace', 'name', 'ready', 'status', 'restarts', 'age', 'node'] as const;

interface RowState {
  readonly tr: HTMLTableRowElement;
  readonly cells: HTMLTableCellElement[];
  version: string;
}

/**
 * The live pod table: one row per pod, keyed by `namespace/name`. Rows are kept between
 * renders and only changed cells are written, so a row that changes flashes and the rest of the
 * table stays still.
 */
export class PodTable {
  private readonly rows = new Map<string, RowState>();
  private first = true;

  /**
   * @param tbody - the table body
   * @param empty - the element shown when no pod matches
   */
  constructor(
    private readonly tbody: HTMLTableSectionElement,
    private readonly empty: HTMLElement,
  ) {}

  /**
   * Renders pods in the given order.
   *
   * @param pods - the pods to show, sorted
   * @param now - the current time (ms), for ages
   */
  render(pods: readonly Pod[], now: number): void {
    const seen = new Set<string>();
    let previous: Element | null = null;
    for (const pod of pods) {
      const key = `${pod.metadata?.namespace ?? ''}/${pod.metadata?.name ?? ''}`;
      seen.add(key);
      let row = this.rows.get(key);
      const version = pod.metadata?.resourceVersion ?? '';
      if (row === undefined) {
        row = this.createRow(key);
        this.rows.set(key, row);
        if (!this.first) flash(row.tr, 'flash-add');
      } else if (row.version !== version) {
        flash(row.tr, 'flash-update');
      }
      row.version = version;
      this.fill(row, pod, now);
      const expected: Element | null =
        previous === null ? this.tbody.firstElementChild : previous.nextElementSibling;
      if (expected !== row.tr) this.tbody.insertBefore(row.tr, expected);
      previous = row.tr;
    }
    for (const [key, row] of this.rows) {
      if (!seen.has(key)) {
        row.tr.remove();
        this.rows.delete(key);
      }
    }
    this.empty.hidden = pods.length > 0;
    this.first = false;
  }

  private createRow(key: string): RowState {
    const cells = columns.map((c) => h('td', { class: `col-${c}` }));
    const tr = h('tr', { 'data-key': key }, ...cells);
    return { tr, cells, version: '' };
  }

  private fill(row: RowState, pod: Pod, now: number): void {
    const summary = summarizePod(pod);
    const values = [
      pod.metadata?.namespace ?? '',
      pod.metadata?.name ?? '',
      `${summary.ready}/${summary.containers}`,
      summary.status,
      String(summary.restarts),
      formatAge(pod.metadata?.creationTimestamp, now),
      pod.spec?.nodeName ?? '—',
    ];
    values.forEach((value, i) => {
      const cell = row.cells[i];
      if (cell === undefined) return;
      if (columns[i] === 'status') {
        const tone = statusTone(value);
        if (cell.dataset['status'] !== value) {
          cell.dataset['status'] = value;
          cell.replaceChildren(h('span', { class: `pill tone-${tone}` }, value));
        }
      } else setText(cell, value);
    });
    row.tr.dataset['phase'] = summary.phase;
  }
}
