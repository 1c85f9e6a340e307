import { validShard, type Shard } from '@rxkube/store';
import {
  NEVER,
  catchError,
  concat,
  distinctUntilChanged,
  EMPTY,
  filter,
  of,
  switchMap,
  type Observable,
} from 'rxjs';
import type { ListerWatcher } from './listerWatcher.js';
import { reflector } from './reflector.js';
import { ReflectorEvent } from './reflectorEvent.js';
import type { ReflectorOptions } from './reflectorOptions.js';
import { shardedListerWatcher } from './shardedListerWatcher.js';

/** What {@link followShards} needs besides the lister-watcher and the shards. */
export interface FollowShardsOptions {
  /** The Reflector's options, for each shard's Reflector. */
  readonly reflector: ReflectorOptions;
  /** The resource version the cache is at: an empty shard is an empty list at it. */
  readonly resourceVersion: () => string;
  /** A shard that cannot be used (the previous one stays), or the shards' stream failed. */
  readonly rejected: (error: unknown) => void;
}

/**
 * A Reflector that follows a changing shard (the `shard` option given as an Observable, e.g.
 * a shard coordinator's): each new shard starts a new list and watch with its selector, and its
 * list, like any relist, replaces the cache's content, so the objects that left the shard are
 * deleted (delete events to the handlers) and those that joined it are added.
 *
 * - a shard with no ranges holds nothing: an empty list, then no request at all;
 * - an invalid shard (`ShardRangeError`) is rejected and the current one kept;
 * - an equal shard (same field, same ranges) changes nothing;
 * - when the shards' stream completes, the last shard is kept; when it fails, the failure is
 *   rejected and the last shard kept.
 *
 * Until the first shard arrives, nothing is listed (the informer does not sync).
 *
 * @typeParam T - the object type
 * @param lw - the lister-watcher, unrestricted
 * @param shards - the shards to follow
 * @param options - Reflector options, resource version, rejection callback
 * @returns the Reflector's events, across shards
 * @internal
 */
export function followShards<T extends object>(
  lw: ListerWatcher<T>,
  shards: Observable<Shard>,
  options: FollowShardsOptions,
): Observable<ReflectorEvent<T>> {
  return shards.pipe(
    catchError((error: unknown) => {
      options.rejected(error);
      return EMPTY;
    }),
    filter((shard) => usable(shard, options.rejected)),
    distinctUntilChanged(sameShard),
    switchMap((shard) =>
      shard.ranges.length === 0
        ? concat(
            of(ReflectorEvent.listStart, ReflectorEvent.listDone(options.resourceVersion())),
            NEVER,
          )
        : reflector(shardedListerWatcher(lw, shard), options.reflector),
    ),
  );
}

function usable(shard: Shard, rejected: (error: unknown) => void): boolean {
  try {
    // No ranges is a valid state here (a replica that holds nothing yet), unlike for a fixed
    // shard; the field is checked all the same.
    validShard(shard.ranges.length === 0 ? { ...shard, ranges: [{ start: 0n, end: 1n }] } : shard);
    return true;
  } catch (error) {
    rejected(error);
    return false;
  }
}

function sameShard(a: Shard, b: Shard): boolean {
  return (
    a.field === b.field &&
    a.ranges.length === b.ranges.length &&
    a.ranges.every(
      (range, i) => range.start === b.ranges[i]!.start && range.end === b.ranges[i]!.end,
    )
  );
}
