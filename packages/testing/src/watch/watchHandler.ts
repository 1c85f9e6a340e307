import type { ServerResponse } from 'node:http';
import { expiredStatus, StatusError, tooLargeResourceVersionStatus } from '../api/status.js';
import type { Status } from '../api/types.js';
import { plainJson, type OutputMediaType } from '../http/outputMediaType.js';
import type { ListWatchQuery } from '../http/queryOptions.js';
import type { ResourceDefinition } from '../registry/resourceDefinition.js';
import { resourceId } from '../registry/resourceDefinition.js';
import type { ObjectFilter } from '../selectors/objectFilter.js';
import { matchesFilter } from '../selectors/objectFilter.js';
import type { ServerContext } from '../serverContext.js';
import type { StoredEvent } from '../storage/eventHistory.js';
import { waitForRevision } from '../storage/waitForRevision.js';
import { filterEvent } from './eventFilter.js';
import { WatchStream } from './watchStream.js';

/** Where a watch starts, decided from resourceVersion and sendInitialEvents (§3.2, §3.6). */
type Start =
  | { readonly mode: 'initial'; readonly minRevision: number; readonly annotatedBookmark: boolean }
  | { readonly mode: 'from'; readonly revision: number };

/**
 * Serves a watch: validates the start, sends the 200 at once, then the initial events or the
 * history after the requested resourceVersion, then live events until the deadline, the client
 * leaving or the server stopping. A too-old resourceVersion is answered with an `ERROR` 410 event
 * (or HTTP 410 when so configured).
 *
 * @param ctx - the server.
 * @param res - the response to stream into.
 * @param def - the watched resource.
 * @param filter - namespace and selectors.
 * @param query - the parsed query.
 * @param output - the negotiated output: whole objects, or `PartialObjectMetadata` ones.
 * @returns once the stream is set up (it keeps running afterwards).
 */
export async function serveWatch(
  ctx: ServerContext,
  res: ServerResponse,
  def: ResourceDefinition,
  filter: ObjectFilter,
  query: ListWatchQuery,
  output: OutputMediaType = plainJson,
): Promise<void> {
  const start = decideStart(ctx, query);
  if (
    start.mode === 'from' &&
    start.revision < ctx.store.compactedRevision &&
    ctx.options.expiredWatchAsHttp410
  ) {
    throw new StatusError(tooOld(ctx, start.revision));
  }
  const stream = new WatchStream(res, {
    def,
    allowBookmarks: query.allowWatchBookmarks,
    timeoutMs: watchTimeoutMs(ctx, query),
    bookmarkIntervalMs: ctx.options.bookmarkIntervalMs,
    bookmarkLeadMs: ctx.options.bookmarkLeadMs,
    fault: ctx.faults.takeStreamFault(def.plural),
    faults: ctx.faults,
    startRevision: start.mode === 'from' ? start.revision : ctx.store.resourceVersion,
    resourceVersions: ctx.options.resourceVersions,
    metadataOnly: output.as === undefined ? undefined : output.apiVersion,
    contentType: output.as === undefined ? undefined : output.contentType,
  });
  ctx.watches.add(stream);
  stream.onClose(() => ctx.watches.delete(stream));
  stream.open();

  if (start.mode === 'initial' && start.minRevision > ctx.store.resourceVersion) {
    const { tooLargeResourceVersionWaitMs: wait } = ctx.options;
    const reached = await waitForRevision(ctx.store, start.minRevision, wait, ctx.shutdown);
    if (stream.closed) return;
    if (!reached) {
      stream.fail(
        tooLargeResourceVersionStatus(
          query.resourceVersion,
          ctx.store.format(ctx.store.resourceVersion),
        ),
      );
      return;
    }
  }
  // Everything below runs in one tick, so no write can slip between the initial state (or the
  // replayed history) and the live subscription.
  const id = resourceId(def);
  let from: number;
  if (start.mode === 'initial') {
    const snapshot = ctx.store.snapshot(def);
    from = snapshot.rv;
    for (const [, object] of snapshot.entries) {
      if (matchesFilter(filter, object)) stream.send('ADDED', object);
    }
    stream.advance(from);
    if (start.annotatedBookmark) stream.bookmark(true);
  } else {
    from = start.revision;
    const history = ctx.store.eventsSince(from);
    if (history === undefined) {
      stream.fail(tooOld(ctx, from));
      return;
    }
    for (const event of history) deliver(stream, event, id, filter);
  }
  if (stream.closed) return;
  const unsubscribe = ctx.store.subscribe((event) => {
    if (event.rv > from) deliver(stream, event, id, filter);
  });
  stream.onClose(unsubscribe);
  stream.start();
}

function deliver(stream: WatchStream, event: StoredEvent, id: string, filter: ObjectFilter): void {
  if (event.resource === id) {
    const seen = filterEvent(event, filter);
    if (seen !== undefined) stream.send(seen.type, seen.object);
  }
  stream.advance(event.rv);
}

function decideStart(ctx: ServerContext, query: ListWatchQuery): Start {
  const rv = query.resourceVersion;
  const bookmarks = query.allowWatchBookmarks;
  if (query.sendInitialEvents === true) {
    // RV unset is a consistent read, "0" any state, "N" at least N.
    const minRevision = rv === '' || rv === '0' ? 0 : ctx.store.parse(rv);
    return { mode: 'initial', minRevision, annotatedBookmark: bookmarks };
  }
  if (query.sendInitialEvents === false) {
    return {
      mode: 'from',
      revision: rv === '' || rv === '0' ? ctx.store.resourceVersion : ctx.store.parse(rv),
    };
  }
  if (rv === '' || rv === '0') {
    // With the WatchList gate on, kube-apiserver serves these as streaming lists: the only
    // visible change is the annotated bookmark after the initial events.
    return {
      mode: 'initial',
      minRevision: 0,
      annotatedBookmark: bookmarks && ctx.options.watchList,
    };
  }
  return { mode: 'from', revision: ctx.store.parse(rv) };
}

function watchTimeoutMs(ctx: ServerContext, query: ListWatchQuery): number {
  if (query.timeoutSeconds !== undefined && query.timeoutSeconds > 0)
    return query.timeoutSeconds * 1000;
  const fallback = ctx.options.defaultWatchTimeoutSeconds;
  // kube-apiserver: --min-request-timeout (1800 s) times a random factor in [1, 2).
  return (fallback ?? 1800 * (1 + ctx.random())) * 1000;
}

function tooOld(ctx: ServerContext, requested: number): Status {
  const { store } = ctx;
  return expiredStatus(
    `too old resource version: ${store.format(requested)} (${store.format(store.compactedRevision)})`,
  );
}
