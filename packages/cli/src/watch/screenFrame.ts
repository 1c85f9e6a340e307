import { printableText } from '@rxkube/informer';
import type { InformerSummary } from '../status/informerSummary.js';
import type { ColumnSet, TableObject } from '../view/columns.js';
import { statusTone } from '../view/podStatus.js';
import { statusParts } from '../view/statusText.js';
import { fitStatusLine } from './statusLine.js';
import type { Style } from './style.js';
import { columnGap, layoutTable } from './tableLayout.js';
import type { RowChange } from './watchModel.js';
import { displayWidth, padToWidth, truncateToWidth } from './terminalWidth.js';
import type { ViewBounds, ViewState } from './viewState.js';

/** Everything one frame of the live table shows. */
export interface FrameInput {
  /** The terminal's size. */
  readonly width: number;
  readonly height: number;
  /** The command, e.g. `rxkube watch pods -A`. */
  readonly title: string;
  /** Which cluster. */
  readonly cluster: string;
  readonly status: InformerSummary;
  readonly columns: ColumnSet;
  /** The objects, with their cache keys, in the default order. */
  readonly rows: readonly { readonly key: string; readonly obj: TableObject }[];
  readonly changes: ReadonlyMap<string, RowChange>;
  readonly view: ViewState;
  /** A word for the user in the last line (a resource that does not exist…), if any. */
  readonly message?: string | undefined;
  readonly now: number;
  readonly style: Style;
}

/** Lines above the table (title, status) and below it (keys or prompt), besides its header. */
const chromeLines = 4;
/** The change mark and the space after it. */
const markWidth = 2;

/**
 * Draws one frame of the live table, k9s-like: exactly `height` lines (or fewer) of at most
 * `width` columns each, so nothing ever wraps or scrolls the terminal: a title line, the status
 * line, the table's header, as many rows as fit from the scroll position, and a last line with
 * the keys, the prompt being typed, or a message. Rows are filtered and sorted as the view
 * says; columns fit the width ({@link layoutTable}). All cluster text is escaped
 * ({@link printableText}) before it is measured.
 *
 * @param input - size, data and view
 * @returns the lines, and the bounds the keys move within
 */
export function screenFrame(input: FrameInput): { lines: string[]; bounds: ViewBounds } {
  const { width, height, columns, view, style, now } = input;
  const page = Math.max(0, height - chromeLines);
  const cells = input.rows.map((row) => ({
    ...row,
    cells: columns.cells(row.obj, now).map((cell) => printableText(cell)),
  }));
  const needle = view.filter.toLowerCase();
  const matching = cells.filter(
    (row) => needle === '' || row.cells.some((cell) => cell.toLowerCase().includes(needle)),
  );
  const sort = view.sort;
  if (sort !== undefined) {
    const sign = sort.descending ? -1 : 1;
    // Stable: equal cells keep the namespace/name order.
    matching.sort((a, b) => sign * columns.compare(a.obj, b.obj, sort.column, now));
  }
  const scroll = Math.min(view.scroll, Math.max(0, matching.length - page));
  const visible = matching.slice(scroll, scroll + page);
  const headers = columns.headers.map((h, i) =>
    sort?.column === i ? `${h}${sort.descending ? '↓' : '↑'}` : h,
  );
  const layout = layoutTable(
    headers,
    visible.map((row) => row.cells),
    width - markWidth,
    columns.dropOrder,
  );
  const line = (texts: readonly string[], styleCell: (text: string, column: number) => string) =>
    layout.shown
      .map((column, i) => {
        const text = padToWidth(texts[column] ?? '', layout.widths[i] ?? 0);
        return styleCell(text, column);
      })
      .join(' '.repeat(columnGap));
  const lines = [
    titleLine(input),
    statusLine(input.status, width, now, style),
    fit(`  ${line(headers, (text) => style.bold(text))}`, width),
    ...visible.map((row) => {
      const change = input.changes.get(row.key);
      const styled = line(row.cells, (text, column) =>
        change?.type === 'delete'
          ? style.dim(text)
          : column === columns.statusColumn
            ? style.tone(text, statusTone(text.trim()))
            : text,
      );
      return fit(`${mark(change, style)} ${styled}`, width);
    }),
  ];
  if (matching.length === 0) {
    lines.push(
      style.dim(fit(needle === '' ? 'No resources found.' : 'No rows match the filter.', width)),
    );
  }
  lines.push(lastLine(input, scroll, visible.length, matching.length));
  return {
    lines: lines.slice(0, Math.max(1, height)),
    bounds: { rows: matching.length, page, columns: columns.headers.length },
  };
}

function titleLine({ title, cluster, width, style }: FrameInput): string {
  const head = truncateToWidth(printableText(title), width);
  const room = width - displayWidth(head) - 2;
  const rest = room > 1 ? `  ${style.dim(truncateToWidth(printableText(cluster), room))}` : '';
  return `${style.bold(head)}${rest}`;
}

function statusLine(status: InformerSummary, width: number, now: number, style: Style): string {
  // The `● ` of a healthy link is part of what is fitted: added afterwards, it would push the
  // line past the width.
  const parts = statusParts(status, now).map((p) => ({
    ...p,
    text: p.tone === 'good' ? `● ${printableText(p.text)}` : printableText(p.text),
  }));
  return fitStatusLine(parts, width)
    .map((p) => (p.tone === 'plain' ? p.text : style.tone(p.text, p.tone)))
    .join(style.dim('  ·  '));
}

function lastLine(input: FrameInput, scroll: number, shown: number, total: number): string {
  const { view, width, style } = input;
  if (view.prompt !== undefined) {
    const label =
      view.prompt.kind === 'filter' ? '/' : view.prompt.kind === 'namespace' ? 'namespace: ' : ':';
    // The end of a long entry stays in sight: that is where the typing happens.
    const text = printableText(view.prompt.text);
    const room = width - displayWidth(label) - 1;
    const tail = [...text];
    while (tail.length > 0 && displayWidth(tail.join('')) > room) tail.shift();
    return `${style.cyan(label)}${tail.join('')}▏`;
  }
  if (input.message !== undefined) return style.yellow(fit(printableText(input.message), width));
  const where =
    total === 0 ? '0 rows' : `${scroll + 1}–${scroll + shown} of ${total.toLocaleString('en-US')}`;
  const filter = view.filter === '' ? '' : ` /${printableText(view.filter)}`;
  const position = `${where}${filter}`;
  const keys = '↑↓ PgUp/PgDn scroll · s/S sort · / filter · n namespace · : resource · q quit';
  const room = width - displayWidth(position) - 2;
  return style.dim(
    room >= 12 ? `${truncateToWidth(keys, room)}  ${position}` : fit(position, width),
  );
}

function mark(change: RowChange | undefined, style: Style): string {
  if (change === undefined) return ' ';
  return change.type === 'add'
    ? style.green('+')
    : change.type === 'update'
      ? style.yellow('~')
      : style.red('-');
}

/** A line of the table cut to the width, its trailing blanks dropped (copied text reads better). */
function fit(text: string, width: number): string {
  return text.replace(/ +$/, '').length === 0 ? '' : cutStyled(text, width).replace(/ +$/, '');
}

/**
 * The table's lines are already within the width when the layout fits; on a terminal too narrow
 * for even the narrowed columns, the line is cut here (colours would be cut with it: they are
 * counted, so cutting plain text is enough when colour is off, and harmless otherwise).
 */
function cutStyled(text: string, width: number): string {
  return displayWidth(text) <= width ? text : truncateToWidth(text, width);
}
