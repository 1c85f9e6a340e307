import type { Subscription } from 'rxjs';
import { asyncScheduler, throttleTime } from 'rxjs';
import type { ColumnSet } from '../view/columns.js';
import { makeStyle } from './style.js';
import { renderTable } from './tableFrame.js';
import type { WatchModel } from './watchModel.js';

/**
 * The table for pipes and logs: no redrawing in place, but the whole table printed again after
 * changes (at most every `throttleMs`), frames separated by an empty line. Scripts that want
 * the changes themselves use `-o json`.
 *
 * @param stream - where to print (stdout)
 * @param model - rows and highlights
 * @param columns - the kind's columns
 * @param throttleMs - minimum time between two frames
 * @returns a subscription that stops printing
 */
export function startPlainFrames(
  stream: NodeJS.WritableStream,
  model: WatchModel,
  columns: ColumnSet,
  throttleMs = 250,
): Subscription {
  const style = makeStyle(false);
  let last = '';
  const print = (): void => {
    const now = Date.now();
    const table = renderTable({
      columns,
      rows: model.rows(now, false),
      changes: new Map(),
      now,
      style,
      maxRows: Number.MAX_SAFE_INTEGER,
    });
    // Ages tick every second; only a change of content is worth a new frame.
    const content = table.replace(/\S+/g, (w) => (/^\d+[smhd]/.test(w) ? '' : w));
    if (content === last) return;
    stream.write(`${last === '' ? '' : '\n'}${table}\n`);
    last = content;
  };
  print();
  return model.changes$
    .pipe(throttleTime(throttleMs, asyncScheduler, { leading: true, trailing: true }))
    .subscribe(print);
}
