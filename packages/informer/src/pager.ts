import type { Observable } from 'rxjs';
import { EMPTY, catchError, defer, expand, map, reduce, throwError } from 'rxjs';
import { isExpired } from './errorPredicates.js';
import type { ListPage, ListerWatcher } from './listerWatcher.js';

/**
 * A complete list: every page's items and the snapshot's resource version.
 *
 * @typeParam T - the object type
 */
export interface ListResult<T> {
  readonly items: T[];
  readonly resourceVersion: string;
  /** Whether the server answered in more than one page. */
  readonly paginated: boolean;
}

/** A page tagged with whether it restarts the list from scratch. */
interface PagerPage<T> {
  readonly page: ListPage<T>;
  readonly restart: boolean;
}

/**
 * Lists everything, page by page (client-go's `pager.List`): the first request carries the
 * resource version and limit, the following ones only the continue token. If a continue token
 * expires (410 `Expired` on page 2 or later, because the snapshot was compacted meanwhile), the
 * list restarts as one unpaged, most recent list, so the result is always consistent.
 *
 * @typeParam T - the object type
 * @param lw - the lister
 * @param resourceVersion - version of the first request (`"0"`, `""` or a specific one)
 * @param limit - page size; `undefined` for an unpaged list
 * @returns an Observable of one {@link ListResult}; unsubscribing aborts the current request
 */
export function listAll<T>(
  lw: ListerWatcher<T>,
  resourceVersion: string,
  limit: number | undefined,
): Observable<ListResult<T>> {
  const first = defer(() => lw.list({ resourceVersion, limit }));
  return first.pipe(
    map((page): PagerPage<T> => ({ page, restart: true })),
    expand(({ page }) => {
      if (!page.continue) return EMPTY;
      return lw.list({ continue: page.continue, limit }).pipe(
        map((next): PagerPage<T> => ({ page: next, restart: false })),
        catchError((err: unknown) =>
          isExpired(err)
            ? lw.list({ resourceVersion: '' }).pipe(
                map((full): PagerPage<T> => ({
                  page: { ...full, continue: undefined },
                  restart: true,
                })),
              )
            : throwError(() => err),
        ),
      );
    }),
    reduce(
      (acc, { page, restart }) => {
        if (restart) acc.items = [];
        for (const item of page.items) acc.items.push(item);
        acc.resourceVersion = page.resourceVersion;
        acc.pages += 1;
        return acc;
      },
      { items: [] as T[], resourceVersion: '', pages: 0 },
    ),
    map(({ items, resourceVersion: rv, pages }) => ({
      items,
      resourceVersion: rv,
      paginated: pages > 1,
    })),
  );
}
