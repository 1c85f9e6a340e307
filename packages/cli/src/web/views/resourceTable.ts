import type { FeedObject } from '../../dashboard/feedProtocol.js';
import { statusTone } from '../../view/podStatus.js';
import type { ResourceColumn } from '../../view/resourceColumns.js';
import { h, setText } from '../dom.js';
import { keyOf } from '../objectCache.js';

interface Row {
  readonly tr: HTMLTableRowElement;
  readonly cells: HTMLTableCellElement[];
}

/**
 * The table of any resource but pods, from its shared column definitions (`resourceColumns`,
 * the terminal's too): header from the columns' titles, one row per object keyed by
 * `namespace/name`, kept between renders so only changed cells are written. All text goes in
 * with `textContent`.
 */
export class ResourceTable {
  private rows = new Map<string, Row>();
  private columns: readonly ResourceColumn<FeedObject>[] = [];

  /**
   * @param table - the table element (its `thead` and `tbody` are filled)
   * @param empty - the element shown when no object matches
   */
  constructor(
    private readonly table: HTMLTableElement,
    private readonly empty: HTMLElement,
  ) {}

  /**
   * Shows another resource's columns (and drops the rows of the previous one).
   *
   * @param columns - the columns
   */
  setColumns(columns: readonly ResourceColumn<FeedObject>[]): void {
    this.columns = columns;
    this.rows = new Map();
    this.table.tBodies[0]?.replaceChildren();
    this.table.tHead?.replaceChildren(
      h('tr', {}, ...columns.map((c) => h('th', { class: `col-${c.id}` }, c.title))),
    );
  }

  /**
   * Renders the objects in the given order.
   *
   * @param objects - the objects to show, sorted
   */
  render(objects: readonly FeedObject[]): void {
    const tbody = this.table.tBodies[0];
    if (tbody === undefined) return;
    const seen = new Set<string>();
    let previous: Element | null = null;
    for (const object of objects) {
      const key = keyOf(object);
      seen.add(key);
      let row = this.rows.get(key);
      if (row === undefined) {
        const cells = this.columns.map((c) => h('td', { class: `col-${c.id}` }));
        row = { tr: h('tr', { 'data-key': key }, ...cells), cells };
        this.rows.set(key, row);
      }
      this.columns.forEach((column, i) => {
        const cell = row.cells[i];
        if (cell === undefined) return;
        const value = column.cell(object);
        if (column.status !== true) return setText(cell, value);
        if (cell.dataset['status'] === value) return;
        cell.dataset['status'] = value;
        cell.replaceChildren(h('span', { class: `pill tone-${statusTone(value)}` }, value));
      });
      const expected: Element | null =
        previous === null ? tbody.firstElementChild : previous.nextElementSibling;
      if (expected !== row.tr) tbody.insertBefore(row.tr, expected);
      previous = row.tr;
    }
    for (const [key, row] of this.rows) {
      if (seen.has(key)) continue;
      row.tr.remove();
      this.rows.delete(key);
    }
    this.empty.hidden = objects.length > 0;
  }
}
