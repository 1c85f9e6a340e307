import { displayWidth } from './terminalWidth.js';

/** Columns between two cells. */
export const columnGap = 2;

/** Which columns a table shows on a screen of some width, and how wide each is. */
export interface TableLayout {
  /** Indices of the columns shown, in order. */
  readonly shown: readonly number[];
  /** The width of each column shown, in columns of the terminal (same order as `shown`). */
  readonly widths: readonly number[];
}

/** Narrowest a column is cut to before the next one is dropped or cut further. */
const minimumWidth = 4;

/**
 * Lays a table out in `width` columns without wrapping, like k9s: each column as wide as its
 * widest cell (header included); when that is too wide, the columns of `dropOrder` are left out
 * one by one, first first; when even that is too wide, the widest columns are narrowed (their
 * cells get cut with `…`), down to a few columns each. Pure: the caller draws.
 *
 * @param headers - the column headers
 * @param rows - the cells of the rows to be shown (escaped text)
 * @param width - the room, in terminal columns
 * @param dropOrder - columns that may be left out, first dropped first
 * @returns the columns shown and their widths (their sum plus the gaps may still exceed a
 *   tiny `width`: the caller cuts lines to the screen as a last resort)
 */
export function layoutTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  width: number,
  dropOrder: readonly number[],
): TableLayout {
  const natural = headers.map((header, column) =>
    rows.reduce(
      (max, cells) => Math.max(max, displayWidth(cells[column] ?? '')),
      displayWidth(header),
    ),
  );
  let shown = headers.map((_, column) => column);
  const total = (columns: readonly number[], widths: readonly number[]): number =>
    columns.reduce((sum, column) => sum + (widths[column] ?? 0), 0) +
    columnGap * Math.max(0, columns.length - 1);
  for (const column of dropOrder) {
    if (total(shown, natural) <= width) break;
    shown = shown.filter((c) => c !== column);
  }
  const widths = [...natural];
  // Narrow the widest column a step at a time: a long NAME gives way before a short STATUS.
  while (total(shown, widths) > width) {
    const widest = shown.reduce((a, b) => ((widths[b] ?? 0) > (widths[a] ?? 0) ? b : a));
    if ((widths[widest] ?? 0) <= minimumWidth) break;
    widths[widest] = (widths[widest] ?? 0) - 1;
  }
  return { shown, widths: shown.map((column) => widths[column] ?? 0) };
}
