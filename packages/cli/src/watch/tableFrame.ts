import Table from 'cli-table3';
import type { ColumnSet, TableObject } from '../view/columns.js';
import { statusTone } from '../view/podStatus.js';
import { printableText } from '@rxkube/informer';
import type { Style } from './style.js';

/** A recent change to a row, highlighted for a moment. */
export interface RowChange {
  readonly type: 'add' | 'update' | 'delete';
  /** When it happened (ms). */
  readonly at: number;
}

/** What {@link renderTable} draws. */
interface TableInput {
  readonly columns: ColumnSet;
  /** Objects to show, in display order, with their cache keys. */
  readonly rows: readonly { readonly key: string; readonly obj: TableObject }[];
  /** Recent changes by key (deleted rows are among `rows` while highlighted). */
  readonly changes: ReadonlyMap<string, RowChange>;
  readonly now: number;
  readonly style: Style;
  /** Show at most this many rows; the rest is summarised in a last line. */
  readonly maxRows: number;
}

const noBorders = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: '',
};

/**
 * Draws kubectl-style columns (no borders, padded) with cli-table3, colouring the status column
 * and marking rows that were just added (+), modified (~) or deleted (-). Every cell is cluster
 * text and goes through {@link printableText}: a name or status holding an escape sequence is
 * shown escaped, never acted on by the terminal.
 *
 * @param input - columns, rows, recent changes, styles
 * @returns the table's text, without a trailing newline
 */
export function renderTable(input: TableInput): string {
  const { columns, rows, changes, style, now } = input;
  const table = new Table({
    head: ['', ...columns.headers].map((h) => style.bold(h)),
    chars: noBorders,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 2, compact: true },
  });
  const shown = rows.slice(0, Math.max(0, input.maxRows));
  for (const { key, obj } of shown) {
    const change = changes.get(key);
    const cells = columns.cells(obj, now).map((cell) => printableText(cell));
    const styled = cells.map((cell, i) =>
      i === columns.statusColumn ? style.tone(cell, statusTone(cell)) : cell,
    );
    const mark =
      change === undefined
        ? ' '
        : change.type === 'add'
          ? style.green('+')
          : change.type === 'update'
            ? style.yellow('~')
            : style.red('-');
    const row = change?.type === 'delete' ? styled.map((c) => style.dim(c)) : styled;
    table.push([mark, ...row]);
  }
  // cli-table3 pads the last column too: trailing blanks only make copied text awkward.
  const lines = [table.toString().replace(/[ \t]+$/gm, '')];
  if (rows.length > shown.length) {
    lines.push(
      style.dim(`… ${rows.length - shown.length} more (narrow with -n, -l or --field-selector)`),
    );
  }
  if (rows.length === 0) lines.push(style.dim('No resources found.'));
  return lines.join('\n');
}
