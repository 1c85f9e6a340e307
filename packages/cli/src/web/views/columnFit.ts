import type { TableColumn } from './virtualTable.js';

/**
 * The columns that fit a width: every priority-1 column, then the others by rising priority
 * (ties by their place in the table) while each still gets `minWidth` pixels. The result keeps
 * the table's column order, so dropping a column never moves another.
 *
 * @param columns - the table's columns, in display order
 * @param width - the pixels the table may take
 * @param minWidth - the narrowest a column may be
 * @returns the columns to show, in display order
 */
export function fitColumns<T>(
  columns: readonly TableColumn<T>[],
  width: number,
  minWidth: number,
): TableColumn<T>[] {
  const room = Math.max(0, Math.floor(width / minWidth));
  const byPriority = columns
    .map((column, place) => ({ column, place }))
    .sort((a, b) => a.column.priority - b.column.priority || a.place - b.place);
  const kept = new Set<TableColumn<T>>();
  for (const { column } of byPriority) {
    if (column.priority <= 1 || kept.size < room) kept.add(column);
  }
  return columns.filter((column) => kept.has(column));
}
