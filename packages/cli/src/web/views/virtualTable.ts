import {
  Virtualizer,
  elementScroll,
  observeElementOffset,
  observeElementRect,
  type VirtualizerOptions,
} from '@tanstack/virtual-core';
import { BehaviorSubject, type Observable } from 'rxjs';
import { flash, h, setText } from '../dom.js';
import type { ResourceColumn } from '../../view/resourceColumns.js';
import { fitColumns } from './columnFit.js';

/**
 * One column of a {@link VirtualTable}: its header, its cell text, how it sorts, and whether it
 * holds the status. The shape of the shared column definitions (`resourceColumns`, which the
 * terminal prints too), less the fields a feed projects, which the page has no use for.
 */
export type TableColumn<T> = Omit<ResourceColumn<T>, 'reads'>;

/** The order a {@link VirtualTable} shows its rows in: by one column, up or down. */
export interface TableSort {
  /** A column's `id`. */
  readonly column: string;
  readonly direction: 'ascending' | 'descending';
}

/** What a {@link VirtualTable} draws into and how it reads its rows. */
export interface VirtualTableOptions<T> {
  /** The element that scrolls (holds the table); its height is the window rows are drawn in. */
  readonly scroller: HTMLElement;
  /** A table with an empty `thead` and `tbody`. */
  readonly table: HTMLTableElement;
  /** Shown when there is no row. */
  readonly empty: HTMLElement;
  readonly columns: readonly TableColumn<T>[];
  /** A row's identity (a uid): its element is kept while the row stays in view. */
  readonly key: (row: T) => string;
  /** A row's version (a resourceVersion): a row whose version changes flashes. */
  readonly version: (row: T) => string;
  /** Attributes set on a row's element (`data-*`), e.g. the key the details pane opens. */
  readonly attributes?: (row: T) => Record<string, string>;
  /** The tone of a cell (`good`, `bad`, …): such a cell shows its text as a coloured pill. */
  readonly tone?: (column: TableColumn<T>, text: string) => string | undefined;
  /** Each row's height in pixels (the stylesheet must agree). Default 30. */
  readonly rowHeight?: number;
  /** The narrowest a column may get before lower-priority columns drop. Default 100. */
  readonly minColumnWidth?: number;
}

/** A drawn row: its element, its cells by column id, and the row it shows. */
interface DrawnRow<T> {
  readonly tr: HTMLTableRowElement;
  readonly cells: Map<string, HTMLTableCellElement>;
  row: T;
}

const collator = new Intl.Collator('en', { numeric: true });

/**
 * A table of any number of rows that keeps only the rows in view (plus a few) in the page, with
 * `@tanstack/virtual-core` computing which. Rows are keyed: a row that stays in view keeps its
 * element, a row whose object did not change is not touched, and a changed row writes only the
 * cells whose text changed. Clicking a header sorts by its column (ascending, descending, then
 * the given order; `aria-sort` says which); columns drop by `priority` when the table is narrow.
 *
 * Cost of {@link VirtualTable.setRows}: O(n) to note the keys (for the flash of added rows) and,
 * when sorted, O(n log n) comparisons of sort values computed once per row object.
 */
export class VirtualTable<T extends object> {
  /** The rows, in the order shown. */
  private rows: readonly T[] = [];
  /** The rows as given (before sorting), to sort again when the sort changes. */
  private given: readonly T[] = [];
  /** Keys of {@link rows}: a row whose key was not among the last ones flashes as added. */
  private keys = new Set<string>();
  private added = new Set<string>();
  /** The drawn rows by key; exactly the rows in the window, in `tbody` between the spacers. */
  private readonly drawn = new Map<string, DrawnRow<T>>();
  private columns: readonly TableColumn<T>[];
  /** The columns that fit the table's width (those drawn). */
  private shown: readonly TableColumn<T>[] = [];
  private readonly sort = new BehaviorSubject<TableSort | undefined>(undefined);
  /** Sort values by column id, then by row object: objects are immutable, so values are too. */
  private sortValues = new Map<string, WeakMap<T, string | number>>();
  private readonly virtualizer: Virtualizer<HTMLElement, HTMLTableRowElement>;
  private readonly virtualizerOptions: VirtualizerOptions<HTMLElement, HTMLTableRowElement>;
  private readonly tbody: HTMLTableSectionElement;
  private readonly headRow: HTMLTableRowElement;
  private readonly before = h('tr', { class: 'spacer', 'aria-hidden': 'true' });
  private readonly after = h('tr', { class: 'spacer', 'aria-hidden': 'true' });
  private readonly unmount: () => void;
  private readonly resize: ResizeObserver;

  /** @param options - where to draw and how to read rows */
  constructor(private readonly options: VirtualTableOptions<T>) {
    this.columns = options.columns;
    const { table, scroller } = options;
    this.tbody = table.tBodies[0] ?? table.createTBody();
    this.headRow = h('tr');
    (table.tHead ?? table.createTHead()).replaceChildren(this.headRow);
    this.tbody.replaceChildren(this.before, this.after);
    this.headRow.addEventListener('click', (event) => {
      const th = (event.target as Element).closest<HTMLElement>('th[data-column]');
      const id = th?.dataset['column'];
      if (id !== undefined) this.setSort(nextSort(this.sort.value, id));
    });
    const rowHeight = options.rowHeight ?? 30;
    this.virtualizerOptions = {
      count: 0,
      getScrollElement: () => scroller,
      estimateSize: () => rowHeight,
      scrollToFn: elementScroll,
      observeElementRect,
      observeElementOffset,
      overscan: 10,
      // Before the first measure (and in a hidden tab): a screenful of rows.
      initialRect: { width: 0, height: 1000 },
      onChange: () => this.paint(false),
    };
    this.virtualizer = new Virtualizer(this.virtualizerOptions);
    this.unmount = this.virtualizer._didMount();
    this.virtualizer._willUpdate();
    this.resize = new ResizeObserver(() => this.fit());
    this.resize.observe(scroller);
    this.fit();
  }

  /** The sort chosen (by a header click or {@link VirtualTable.setSort}); undefined: as given. */
  get sort$(): Observable<TableSort | undefined> {
    return this.sort.asObservable();
  }

  /**
   * Sorts by a column (an unknown column id shows the rows as given).
   *
   * @param sort - the column and direction, or undefined for the order the rows are given in
   */
  setSort(sort: TableSort | undefined): void {
    if (sort?.column === this.sort.value?.column && sort?.direction === this.sort.value?.direction)
      return;
    this.sort.next(sort);
    this.drawHeader();
    this.setRows(this.given);
  }

  /**
   * Shows other columns (another kind's): every row is drawn again.
   *
   * @param columns - the columns, in display order
   */
  setColumns(columns: readonly TableColumn<T>[]): void {
    this.columns = columns;
    this.sortValues = new Map();
    this.shown = [];
    this.fit();
  }

  /**
   * Shows these rows: sorted by the chosen column, and drawn incrementally (only the rows in
   * view, only what changed in them).
   *
   * @param rows - the rows, in their default order
   */
  setRows(rows: readonly T[]): void {
    this.given = rows;
    this.rows = this.sorted(rows);
    const keys = new Set<string>();
    const added = new Set<string>();
    for (const row of this.rows) {
      const key = this.options.key(row);
      keys.add(key);
      // The first rows ever shown are not news.
      if (this.keys.size > 0 && !this.keys.has(key)) added.add(key);
    }
    this.keys = keys;
    this.added = added;
    this.options.table.setAttribute('aria-rowcount', String(this.rows.length + 1));
    this.options.empty.hidden = this.rows.length > 0;
    this.virtualizer.setOptions({ ...this.virtualizerOptions, count: this.rows.length });
    this.virtualizer._willUpdate();
    this.paint(false);
  }

  /** Writes the rows in view again, e.g. each second for cells that show ages. */
  refresh(): void {
    this.paint(true);
  }

  /** Stops observing the scroller's size and scroll position. */
  dispose(): void {
    this.unmount();
    this.resize.disconnect();
    this.sort.complete();
  }

  // The columns that fit the scroller's width; when they change, header and rows are redrawn.
  private fit(): void {
    const width = this.options.scroller.clientWidth;
    const shown = fitColumns(this.columns, width, this.options.minColumnWidth ?? 100);
    if (shown.length === this.shown.length && shown.every((c, i) => c === this.shown[i])) return;
    this.shown = shown;
    for (const drawn of this.drawn.values()) drawn.tr.remove();
    this.drawn.clear();
    for (const spacer of [this.before, this.after]) {
      spacer.replaceChildren(h('td', { colspan: String(shown.length) }));
    }
    this.drawHeader();
    this.paint(true);
  }

  private drawHeader(): void {
    const sort = this.sort.value;
    this.headRow.replaceChildren(
      ...this.shown.map((column) => {
        const direction = sort?.column === column.id ? sort.direction : 'none';
        return h(
          'th',
          { class: `col-${column.id}`, 'data-column': column.id, 'aria-sort': direction },
          h('button', { type: 'button', class: 'sort' }, column.title),
        );
      }),
    );
  }

  private sorted(rows: readonly T[]): readonly T[] {
    const sort = this.sort.value;
    const column = this.columns.find((c) => c.id === sort?.column);
    if (sort === undefined || column === undefined) return rows;
    let values = this.sortValues.get(column.id);
    if (values === undefined) this.sortValues.set(column.id, (values = new WeakMap()));
    const cache = values;
    const valueOf = (row: T): string | number => {
      let value = cache.get(row);
      if (value === undefined) {
        value = column.sortValue?.(row) ?? column.cell(row);
        cache.set(row, value);
      }
      return value;
    };
    const sign = sort.direction === 'ascending' ? 1 : -1;
    return rows
      .map((row, place) => ({ row, place, value: valueOf(row) }))
      .sort((a, b) => sign * compareValues(a.value, b.value) || a.place - b.place)
      .map((entry) => entry.row);
  }

  // Draws the rows in the window: keeps the elements of rows still in it, writes the cells of
  // rows whose object changed (all of them when `force`), removes the rest.
  private paint(force: boolean): void {
    if (this.shown.length === 0) return;
    const items = this.virtualizer.getVirtualItems();
    const inView = new Set<string>();
    let previous: Element = this.before;
    for (const item of items) {
      const row = this.rows[item.index];
      if (row === undefined) continue;
      const key = this.options.key(row);
      inView.add(key);
      let drawn = this.drawn.get(key);
      if (drawn === undefined) {
        drawn = this.createRow(row);
        this.drawn.set(key, drawn);
        this.fill(drawn);
        if (this.added.delete(key)) flash(drawn.tr, 'flash-add');
      } else if (drawn.row !== row) {
        const changed = this.options.version(drawn.row) !== this.options.version(row);
        drawn.row = row;
        this.fill(drawn);
        if (changed) flash(drawn.tr, 'flash-update');
      } else if (force) this.fill(drawn);
      const rowIndex = String(item.index + 2);
      // Attributes are written only when they differ: an equal write is still a DOM mutation.
      if (drawn.tr.getAttribute('aria-rowindex') !== rowIndex)
        drawn.tr.setAttribute('aria-rowindex', rowIndex);
      if (previous.nextElementSibling !== drawn.tr) previous.after(drawn.tr);
      previous = drawn.tr;
    }
    for (const [key, drawn] of this.drawn) {
      if (!inView.has(key)) {
        drawn.tr.remove();
        this.drawn.delete(key);
      }
    }
    const first = items[0];
    const last = items[items.length - 1];
    const total = this.virtualizer.getTotalSize();
    setHeight(this.before, first?.start ?? 0);
    setHeight(this.after, last === undefined ? 0 : Math.max(0, total - last.end));
  }

  private createRow(row: T): DrawnRow<T> {
    const cells = new Map<string, HTMLTableCellElement>();
    const tr = h('tr', { class: 'row' });
    for (const column of this.shown) {
      const td = h('td', { class: `col-${column.id}` });
      cells.set(column.id, td);
      tr.append(td);
    }
    return { tr, cells, row };
  }

  private fill(drawn: DrawnRow<T>): void {
    const { row, tr, cells } = drawn;
    const attributes = { 'data-uid': this.options.key(row), ...this.options.attributes?.(row) };
    for (const [name, value] of Object.entries(attributes)) {
      if (tr.getAttribute(name) !== value) tr.setAttribute(name, value);
    }
    for (const column of this.shown) {
      const td = cells.get(column.id);
      if (td === undefined) continue;
      const text = column.cell(row);
      const tone = this.options.tone?.(column, text);
      if (tone === undefined) {
        setText(td, text);
      } else if (td.dataset['text'] !== text) {
        td.dataset['text'] = text;
        td.replaceChildren(h('span', { class: `pill tone-${tone}` }, text));
      }
      if (td.title !== text) td.title = text;
    }
  }
}

function nextSort(current: TableSort | undefined, column: string): TableSort | undefined {
  if (current?.column !== column) return { column, direction: 'ascending' };
  return current.direction === 'ascending' ? { column, direction: 'descending' } : undefined;
}

function compareValues(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return collator.compare(a, b);
}

function setHeight(spacer: HTMLTableRowElement, px: number): void {
  const value = `${px}px`;
  // Through CSSOM: the Content-Security-Policy refuses inline `style` attributes.
  if (spacer.style.height !== value) spacer.style.height = value;
}
