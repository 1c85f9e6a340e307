import { Observable } from 'rxjs';
import type { ListerWatcher } from './listerWatcher.js';
import type { ReflectorEvent } from './reflectorEvent.js';
import type { ReflectorOptions } from './reflectorOptions.js';
import { ReflectorRun } from './reflectorRun.js';

/**
 * client-go's Reflector as a cold Observable. Subscribing starts list-then-watch; the
 * subscription keeps the cache's input flowing — relisting, re-watching and backing off as
 * client-go does — until it is unsubscribed, which aborts the current request or wait.
 *
 * It emits typed {@link ReflectorEvent}s: `listStart`, one `listItem` per object and `listDone`
 * after each (re)list (kube-rs's `Init`/`InitApply`/`InitDone`), `add`/`update`/`delete` for
 * watch events and `bookmark` progress markers. `listsToReplace()` turns each list into the
 * `replace` input of the `deltaFifo` operator. It never errors: failures go to
 * `options.onError` as typed `InformerError`s and the Reflector carries on.
 *
 * - Lists at `"0"` first, pages by 500, relists at `""` when the version is expired or too large.
 * - Watches from the list's version with bookmarks and a random timeout in [5, 10) minutes; a
 *   clean end re-watches at once, a 410 relists, a 429 or refused connection backs off and
 *   re-watches (honouring `Retry-After`), a broken stream re-watches.
 * - A watch silent for longer than the idle timeout is presumed dead and re-established.
 * - Backoff: 800 ms doubling to 30 s with jitter, started over every 2 minutes (client-go's
 *   `DelayWithReset`), so a failure that recurs every minute keeps its waits short.
 * - `streamingList: true` starts with a `sendInitialEvents` watch and falls back to list+watch
 *   when the server rejects it.
 *
 * @typeParam T - the object type
 * @param lw - what to list and watch
 * @param options - scheduler, timing, streaming, error and activity callbacks
 * @returns a cold Observable of {@link ReflectorEvent}
 * @example
 * ```ts
 * const indexer = new Indexer<V1Pod>();
 * reflector(listerWatcher<V1Pod>(kc, { version: 'v1', plural: 'pods' }), { onError: console.warn })
 *   .pipe(
 *     listsToReplace(),
 *     deltaFifo({ knownObjects: indexer, emitDeltaTypeReplaced: true }),
 *     filter((event) => event.type === 'popped'),
 *     concatMap((popped) => applyDeltas(indexer, popped.deltas, popped.isInInitialList)),
 *   )
 *   .subscribe((event) => console.log(event.type));
 * ```
 */
export function reflector<T>(
  lw: ListerWatcher<T>,
  options: ReflectorOptions = {},
): Observable<ReflectorEvent<T>> {
  return new Observable<ReflectorEvent<T>>((subscriber) => {
    const run = new ReflectorRun(lw, options, subscriber);
    run.start();
    return () => run.stop();
  });
}
