import type { Observable } from 'rxjs';
import { EMPTY, catchError, defer, expand, map, reduce, throwError } from 'rxjs';
import { isExpired } from './errorPredicates.js';
import type { ListPage, ListRequestOptions, ListerWatcher } from './listerWatcher.js';

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
 * resource version, its match rule and the limit; the following ones only the continue token
 * and the limit (the server refuses a version with a token).
 *
 * If a continue token expires (410 `Expired` on page 2 or later: the snapshot was compacted
 * meanwhile), the pages so far are dropped and ONE unpaged list is made at the originally
 * requested `resourceVersion` and `resourceVersionMatch`, as client-go's pager does, so the
 * result still honours what was asked (a version not older than the caller's). Its failure,
 * like a failure of the first page, is the caller's: the Reflector answers an expired or too
 * large version by listing again at `""`.
 *
 * @example
 * ```ts
 * listAll(lw, { resourceVersion: '4711', limit: 500 }).subscribe((list) => replace(list.items));
 * ```
 * @typeParam T - the object type
 * @param lw - the lister
 * @param options - the first request: `resourceVersion` (`"0"`, `""` or a specific one),
 *   `resourceVersionMatch`, and `limit` (absent or 0 for an unpaged list); a `continue` token
 *   here resumes a list
 * @returns an Observable of one {@link ListResult}; unsubscribing aborts the current request
 */
export function listAll<T>(
  lw: ListerWatcher<T>,
  options: ListRequestOptions,
): Observable<ListResult<T>>;
/**
 * Lists everything, page by page, at `resourceVersion`.
 *
 * @deprecated pass the options object: `listAll(lw, { resourceVersion, limit })`
 * @typeParam T - the object type
 * @param lw - the lister
 * @param resourceVersion - version of the first request (`"0"`, `""` or a specific one)
 * @param limit - page size; `undefined` for an unpaged list
 * @returns an Observable of one {@link ListResult}
 */
export function listAll<T>(
  lw: ListerWatcher<T>,
  resourceVersion: string,
  limit: number | undefined,
): Observable<ListResult<T>>;
export function listAll<T>(
  lw: ListerWatcher<T>,
  optionsOrVersion: ListRequestOptions | string,
  legacyLimit?: number,
): Observable<ListResult<T>> {
  const options: ListRequestOptions =
    typeof optionsOrVersion === 'string'
      ? { resourceVersion: optionsOrVersion, limit: legacyLimit }
      : optionsOrVersion;
  const { limit } = options;
  const first = defer(() => lw.list(options));
  return first.pipe(
    map((page): PagerPage<T> => ({ page, restart: true })),
    expand(({ page }) => {
      if (!page.continue) return EMPTY;
      return lw.list({ continue: page.continue, limit }).pipe(
        map((next): PagerPage<T> => ({ page: next, restart: false })),
        catchError((err: unknown) =>
          isExpired(err)
            ? lw.list(fullListOf(options)).pipe(
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

/**
 * @returns the fallback after an expired continue token: the caller's version and match rule,
 *   without `limit` or `continue`
 */
function fullListOf(options: ListRequestOptions): ListRequestOptions {
  const full: ListRequestOptions = {};
  if (options.resourceVersion !== undefined) full.resourceVersion = options.resourceVersion;
  if (options.resourceVersionMatch !== undefined) {
    full.resourceVersionMatch = options.resourceVersionMatch;
  }
  return full;
}
