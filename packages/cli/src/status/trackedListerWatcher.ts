import type { ListerWatcher } from '@rxkube/informer';
import { Observable } from 'rxjs';

/** What a lister-watcher is doing, as seen from outside the Reflector. */
export type LinkActivity =
  | { readonly type: 'listPage'; readonly pages: number; readonly items: number }
  | { readonly type: 'listed'; readonly pages: number; readonly items: number }
  | { readonly type: 'watching' }
  /** A watch delivered its first event (a bookmark counts): the watch works. */
  | { readonly type: 'watched' }
  | { readonly type: 'failed' };

/**
 * Wraps a lister-watcher to report its activity: pages and objects listed so far (for the
 * initial sync's progress), watches opened and delivering, requests failed. The requests themselves pass
 * through untouched.
 *
 * @typeParam T - the object type
 * @param lw - the lister-watcher
 * @param report - told about each activity, synchronously
 * @returns the wrapped lister-watcher
 */
export function trackListerWatcher<T>(
  lw: ListerWatcher<T>,
  report: (activity: LinkActivity) => void,
): ListerWatcher<T> {
  let pages = 0;
  let items = 0;
  return {
    description: lw.description,
    pageSize: lw.pageSize,
    list(options) {
      return new Observable((subscriber) => {
        if (options.continue === undefined || options.continue === '') {
          pages = 0;
          items = 0;
          report({ type: 'listPage', pages, items });
        }
        return lw.list(options).subscribe({
          next(page) {
            pages += 1;
            items += page.items.length;
            const last = page.continue === undefined || page.continue === '';
            report({ type: last ? 'listed' : 'listPage', pages, items });
            subscriber.next(page);
          },
          error(err: unknown) {
            report({ type: 'failed' });
            subscriber.error(err);
          },
          complete: () => subscriber.complete(),
        });
      });
    },
    watch(options) {
      return new Observable((subscriber) => {
        report({ type: 'watching' });
        let delivered = false;
        return lw.watch(options).subscribe({
          next(event) {
            if (!delivered) {
              delivered = true;
              report({ type: 'watched' });
            }
            subscriber.next(event);
          },
          error(err: unknown) {
            report({ type: 'failed' });
            subscriber.error(err);
          },
          complete: () => subscriber.complete(),
        });
      });
    },
  };
}
