import { createLogUpdate } from 'log-update';
import { Subscription, interval, merge, throttleTime, asyncScheduler } from 'rxjs';
import type { StatusTracker } from '../status/statusTracker.js';
import type { ColumnSet } from '../view/columns.js';
import { printableText } from '@rxkube/informer';
import { statusParts } from '../view/statusText.js';
import { fitStatusLine } from './statusLine.js';
import type { Style } from './style.js';
import { renderTable } from './tableFrame.js';
import type { WatchModel } from './watchModel.js';

/** What the live screen shows above the table. */
interface ScreenHeader {
  /** The command, e.g. `rxkube watch pods -A`. */
  readonly title: string;
  /** Which cluster, from the connection. */
  readonly cluster: string;
}

/**
 * The terminal view of `rxkube watch`: a header, the status line and the table, redrawn in place
 * with log-update at most ten times a second and every second for the ages. Rows beyond the
 * terminal's height are summarised. Cluster text (cells, the status line's resource version and
 * last error, the context's name) goes through {@link printableText}; a long error is cut to fit
 * the status line ({@link fitStatusLine}), the rest of the line stays whole.
 *
 * @param stream - the terminal
 * @param model - rows and highlights
 * @param tracker - the informer's status
 * @param columns - the kind's columns
 * @param header - title and cluster line
 * @param style - colours
 * @returns a subscription that stops redrawing and leaves the last frame on screen
 */
export function startLiveScreen(
  stream: NodeJS.WriteStream,
  model: WatchModel,
  tracker: StatusTracker,
  columns: ColumnSet,
  header: ScreenHeader,
  style: Style,
): Subscription {
  const log = createLogUpdate(stream, { showCursor: false });
  const draw = (): void => {
    const now = Date.now();
    // The `● ` of a healthy link is part of what is fitted: added afterwards, it would push the
    // line past the terminal's width and wrap it.
    const parts = statusParts(tracker.status, now).map((p) => ({
      ...p,
      text: p.tone === 'good' ? `● ${printableText(p.text)}` : printableText(p.text),
    }));
    const status = fitStatusLine(parts, (stream.columns ?? 80) - 1)
      .map((p) =>
        p.tone === 'good'
          ? style.green(p.text)
          : p.tone === 'bad'
            ? style.red(p.text)
            : p.tone === 'progress'
              ? style.yellow(p.text)
              : p.text,
      )
      .join(style.dim('  ·  '));
    const reserved = 6;
    const maxRows = Math.max(3, (stream.rows ?? 40) - reserved);
    const table = renderTable({
      columns,
      rows: model.rows(now),
      changes: model.changes(),
      now,
      style,
      maxRows,
    });
    log(
      [
        `${style.bold(printableText(header.title))}  ${style.dim(printableText(header.cluster))}`,
        status,
        '',
        table,
        style.dim('Ctrl-C to quit'),
      ].join('\n'),
    );
  };
  const redraws = merge(model.changes$, tracker.status$, interval(1000))
    .pipe(throttleTime(100, asyncScheduler, { leading: true, trailing: true }))
    .subscribe(draw);
  const subscription = new Subscription(() => log.done());
  subscription.add(redraws);
  return subscription;
}
