import { expiredStatus, StatusError, tooLargeResourceVersionStatus } from '../api/status.js';
import type { KubeList } from '../api/types.js';
import type { ResourceDefinition } from '../registry/resourceDefinition.js';
import { apiVersionOf, resourceId } from '../registry/resourceDefinition.js';
import type { ObjectFilter } from '../selectors/objectFilter.js';
import { hasSelectors, matchesFilter } from '../selectors/objectFilter.js';
import type { ServerContext } from '../serverContext.js';
import {
  encodeJsonParts,
  objectJsonParts,
  partialObjectMetadataJsonParts,
} from '../storage/objectJson.js';
import type { Snapshot } from '../storage/listSnapshots.js';
import { waitForRevision } from '../storage/waitForRevision.js';
import { decodeContinue, encodeContinue } from './continueToken.js';
import { listBody } from './listBodyCache.js';
import { plainJson, type OutputMediaType } from './outputMediaType.js';
import type { ListWatchQuery } from './queryOptions.js';

/** Which state a list reads (§2.2). */
type ReadPlan =
  | { readonly kind: 'latest'; readonly paged: boolean }
  | { readonly kind: 'notOlderThan'; readonly revision: number; readonly paged: boolean }
  | { readonly kind: 'exact'; readonly revision: number }
  | { readonly kind: 'continue'; readonly revision: number; readonly start: string };

/**
 * Serves a list: picks the snapshot per resourceVersion/resourceVersionMatch/continue, filters
 * it, and pages it with continue tokens and `remainingItemCount`.
 *
 * @param ctx - the server.
 * @param def - the listed resource.
 * @param filter - namespace and selectors.
 * @param query - the parsed query.
 * @param output - the negotiated output: whole objects, or a `PartialObjectMetadataList`.
 * @returns the `<Kind>List` (or `PartialObjectMetadataList`) body as UTF-8 JSON, shared with
 *   other answers of the same list in the same output at the same state (see listBodyCache.ts):
 *   never modify it.
 * @throws StatusError 410 for compacted snapshots, 504 for a resourceVersion not reached in time.
 */
export async function serveList(
  ctx: ServerContext,
  def: ResourceDefinition,
  filter: ObjectFilter,
  query: ListWatchQuery,
  output: OutputMediaType = plainJson,
): Promise<Buffer> {
  const plan = readPlan(ctx, query);
  if (plan.kind === 'notOlderThan' || plan.kind === 'exact') {
    const { tooLargeResourceVersionWaitMs: wait } = ctx.options;
    if (!(await waitForRevision(ctx.store, plan.revision, wait, ctx.shutdown))) {
      throw new StatusError(
        tooLargeResourceVersionStatus(
          query.resourceVersion,
          ctx.store.format(ctx.store.resourceVersion),
        ),
      );
    }
  }
  let snapshot: Snapshot;
  let start = '';
  let limit = query.limit;
  switch (plan.kind) {
    case 'latest':
    case 'notOlderThan':
      snapshot = ctx.store.snapshot(def);
      // RV "0" ("any") is served from the watch cache, which ignores limit.
      if (!plan.paged) limit = 0;
      break;
    case 'exact':
      snapshot = ctx.store.snapshot(def, plan.revision);
      break;
    case 'continue':
      start = plan.start;
      if (plan.revision !== -1 && plan.revision < ctx.store.compactedRevision) {
        const fresh = encodeContinue({ rv: -1, start });
        throw new StatusError(
          expiredStatus(
            'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.',
            fresh,
          ),
        );
      }
      snapshot = ctx.store.snapshot(
        def,
        plan.revision === -1 ? ctx.store.resourceVersion : plan.revision,
      );
      break;
  }
  // The output is part of the key: a metadata-only list and a whole one of the same state differ.
  const as = output.as === undefined ? '' : output.apiVersion;
  const key = JSON.stringify([resourceId(def), def.builtin, filter, start, limit, as]);
  return listBody(snapshot, key, () =>
    page(def, snapshot, ctx.store.format(snapshot.rv), filter, start, limit, output),
  );
}

function readPlan(ctx: ServerContext, query: ListWatchQuery): ReadPlan {
  const rv = query.resourceVersion;
  const paged = query.limit > 0;
  if (query.continueToken !== '') {
    const position = decodeContinue(query.continueToken);
    return { kind: 'continue', revision: position.rv, start: position.start };
  }
  if (rv === '') return { kind: 'latest', paged };
  if (rv === '0') return { kind: 'latest', paged: false };
  const revision = ctx.store.parse(rv);
  if (query.resourceVersionMatch === 'Exact') return { kind: 'exact', revision };
  if (query.resourceVersionMatch === '' && paged) return { kind: 'exact', revision };
  return { kind: 'notOlderThan', revision, paged };
}

function page(
  def: ResourceDefinition,
  snapshot: Snapshot,
  resourceVersion: string,
  filter: ObjectFilter,
  start: string,
  limit: number,
  output: OutputMediaType,
): Buffer {
  // The body is encoded straight from the pieces of the stored objects' cached texts: no text of
  // the whole list (tens of MB for thousands of pods) is ever built, then encoded again.
  const items: string[] = [];
  let count = 0;
  const metadata: KubeList['metadata'] = { resourceVersion };
  // The echo tells the client the list is its shard only; a server without the feature omits it.
  if (filter.shard !== undefined) metadata.shardInfo = { selector: filter.shard.text };
  const entries = snapshot.entries;
  let index = start === '' ? 0 : firstKeyAtOrAfter(entries, start);
  let lastKey = '';
  for (; index < entries.length; index += 1) {
    const entry = entries[index];
    if (entry === undefined) break;
    const [key, object] = entry;
    if (!matchesFilter(filter, object)) continue;
    if (limit > 0 && count === limit) {
      // There is at least one more match: hand out a token to resume after the last item.
      metadata.continue = encodeContinue({ rv: snapshot.rv, start: `${lastKey}\u0000` });
      if (!hasSelectors(filter)) {
        metadata.remainingItemCount = countRemaining(entries, index, filter);
      }
      break;
    }
    if (count > 0) items.push(',');
    if (output.as === undefined) {
      // Typed servers leave kind/apiVersion off list items of built-in types.
      items.push(...objectJsonParts(object, def.builtin));
    } else {
      // Metadata-only items carry their kind whatever the resource.
      items.push(...partialObjectMetadataJsonParts(object, output.apiVersion));
    }
    count += 1;
    lastKey = key;
  }
  const envelope: Omit<KubeList, 'items'> =
    output.as === undefined
      ? { kind: `${def.kind}List`, apiVersion: apiVersionOf(def), metadata }
      : { kind: 'PartialObjectMetadataList', apiVersion: output.apiVersion, metadata };
  // The text of `{ ...envelope, items }`.
  return encodeJsonParts([`${JSON.stringify(envelope).slice(0, -1)},"items":[`, ...items, ']}']);
}

function countRemaining(entries: Snapshot['entries'], from: number, filter: ObjectFilter): number {
  let count = 0;
  for (let i = from; i < entries.length; i += 1) {
    const entry = entries[i];
    if (entry !== undefined && matchesFilter(filter, entry[1])) count += 1;
  }
  return count;
}

/** Binary search: the index of the first entry whose key is `>= start` (or the length). */
function firstKeyAtOrAfter(entries: Snapshot['entries'], start: string): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const key = entries[mid]?.[0] ?? '';
    if (key < start) low = mid + 1;
    else high = mid;
  }
  return low;
}
