import {
  coarsenShard,
  inShard,
  shardSelectorText,
  type KubeObject,
  type Shard,
} from '@rxkube/store';
import { filter, map, type Observable } from 'rxjs';
import type {
  ListPage,
  ListRequestOptions,
  ListerWatcher,
  WatchEvent,
  WatchRequestOptions,
} from './listerWatcher.js';

/**
 * A lister-watcher restricted to one shard of the objects (KEP-5866, server-side sharded list
 * and watch, alpha in Kubernetes 1.36; client-go's `NewShardedListWatch`): every list and
 * watch request carries the shard as its `shardSelector`, so an API server with the
 * `ShardedListAndWatch` gate sends only the shard's objects.
 *
 * A server without the gate ignores the parameter and sends everything; the objects outside
 * the shard are then dropped here with the same FNV-1a 64 hash, so the informer's cache and
 * handlers are the same either way:
 *
 * - a list page is trusted as it is when its `metadata.shardInfo.selector` echoes the selector
 *   sent, and filtered otherwise;
 * - watch events are always filtered (a watch carries no echo, and behind a load balancer a
 *   watch can reach an API server other than the one that answered the list, one without the
 *   gate during a rolling upgrade). Bookmarks and errors always pass. The hash of a 36-byte
 *   UID costs far less than decoding the event did.
 *
 * `metadata.uid` and `metadata.namespace` never change, so an object never moves between
 * shards: filtering events one by one loses no deletion.
 *
 * A shard of many ranges (a consistent-hash ring gives each member hundreds) is sent as a
 * coarser selector of at most `maxSelectorRanges` (48) ranges that contains it
 * (`coarsenShard`), so that the request line stays within what proxies and servers accept; the
 * objects of the joined gaps are then dropped here, from echoed lists too.
 *
 * @example
 * ```ts
 * const [mine] = splitHashSpace(2);
 * const lw = shardedListerWatcher(fetchListerWatcher('/k8s', pods), { field: 'uid', ranges: [mine] });
 * ```
 * @typeParam T - the object type
 * @param lw - the lister-watcher to restrict; it must send `shardSelector` (every one of
 *   rxkube's does)
 * @param shard - the field and hash ranges
 * @returns the restricted lister-watcher
 * @throws ShardRangeError for an invalid shard (no range, bounds outside `[0, 2^64]`, start
 *   not below end, unknown field)
 */
export function shardedListerWatcher<T extends object>(
  lw: ListerWatcher<T>,
  shard: Shard,
): ListerWatcher<T> {
  const sent = coarsenShard(shard, maxSelectorRanges);
  const selector = shardSelectorText(sent);
  const exact = sent === shard;
  const contains = (obj: T): boolean => inShard(shard, obj as KubeObject);
  return {
    description: lw.description,
    pageSize: lw.pageSize,
    idleBookmarkIntervals: lw.idleBookmarkIntervals,
    list(options: ListRequestOptions): Observable<ListPage<T>> {
      return lw
        .list({ ...options, shardSelector: selector })
        .pipe(
          map((page) =>
            exact && honours(page.shardSelector, selector)
              ? page
              : { ...page, items: page.items.filter(contains) },
          ),
        );
    },
    watch(options: WatchRequestOptions): Observable<WatchEvent<T>> {
      return lw
        .watch({ ...options, shardSelector: selector })
        .pipe(
          filter(
            (event) =>
              event.type === 'BOOKMARK' || event.type === 'ERROR' || contains(event.object),
          ),
        );
    },
  };
}

/**
 * The most ranges a `shardSelector` carries: 48 ranges make about 3.6 KB of selector, some
 * 5.5 KB once URL-encoded, within the 8 KB request line of common proxies' defaults and well
 * within Node's 16 KiB header limit.
 */
export const maxSelectorRanges = 48;

/**
 * Whether a list's echo says the server applied the selector sent. A server prints the
 * selector in its own spacing; any other difference (another selector, none) means the list
 * may hold objects outside the shard.
 */
function honours(echo: string | undefined, sent: string): boolean {
  return echo !== undefined && echo.replace(/\s+/g, '') === sent.replace(/\s+/g, '');
}
