import { resourceColumns, type ColumnsSubject, type TableObject } from './resourceColumns.js';

export type { TableObject } from './resourceColumns.js';

/** The columns of one kind: headers, cell values, and which column holds the status. */
export interface ColumnSet {
  readonly headers: readonly string[];
  /** Index of the status column (for colouring), or -1. */
  readonly statusColumn: number;
  /**
   * @param obj - the object
   * @param now - the current time (ms), for ages
   * @returns its cells, one per header
   */
  cells(obj: TableObject, now: number): string[];
  /**
   * Columns a narrow screen leaves out, first dropped first (NAME and the status column are
   * never among them: they are cut instead).
   */
  readonly dropOrder: readonly number[];
  /**
   * Orders two objects by one column: numbers as numbers, AGE by creation time (youngest
   * first), text by code point.
   *
   * @param a - an object
   * @param b - another
   * @param column - the column's index
   * @param now - the current time (ms)
   * @returns negative, zero or positive
   */
  compare(a: TableObject, b: TableObject, column: number, now: number): number;
}

/**
 * The terminal table's columns of a resource: {@link resourceColumns} (shared with the web
 * page) as a {@link ColumnSet}. Columns of priority 1 (NAME, the status) are never left out;
 * the others go highest priority number first.
 *
 * @param resource - the resource's kind (`Pod`), or its kind, group and printer columns
 * @param withNamespace - whether to show the NAMESPACE column
 * @returns the columns
 */
export function columnsFor(resource: string | ColumnsSubject, withNamespace: boolean): ColumnSet {
  const subject = typeof resource === 'string' ? builtInSubject(resource) : resource;
  // The table passes the time of each frame; the columns read it through their clock.
  let at = 0;
  const columns = resourceColumns(subject, { withNamespace, now: () => at });
  const cells = (obj: TableObject, now: number): string[] => {
    at = now;
    return columns.map((c) => c.cell(obj));
  };
  const dropOrder = columns
    .map((c, i) => ({ priority: c.priority, i }))
    .filter((c) => c.priority > 1)
    .sort((a, b) => b.priority - a.priority || b.i - a.i)
    .map((c) => c.i);
  return {
    headers: columns.map((c) => c.title),
    statusColumn: columns.findIndex((c) => c.status === true),
    cells,
    dropOrder,
    compare: (a, b, column, now) => {
      at = now;
      const c = columns[column];
      if (c === undefined) return 0;
      if (c.sortValue !== undefined) {
        const x = c.sortValue(a);
        const y = c.sortValue(b);
        if (typeof x === 'number' && typeof y === 'number') return x - y;
        return naturalOrder.compare(String(x), String(y));
      }
      return naturalOrder.compare(c.cell(a), c.cell(b));
    },
  };
}

/** Built-in kinds by kind alone, as the command line's first views name them. */
function builtInSubject(kind: string): ColumnsSubject {
  const group = ['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet'].includes(kind)
    ? 'apps'
    : kind === 'Job'
      ? 'batch'
      : '';
  return { kind, group };
}

/** Numbers inside text in numeric order (`web-2` before `web-10`, `3` before `12`). */
const naturalOrder = new Intl.Collator('en', { numeric: true });
