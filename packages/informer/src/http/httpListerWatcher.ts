import { Observable } from 'rxjs';
import {
  DecodeError,
  InformerError,
  ListIdleError,
  ListItemTooLargeError,
  ListStreamError,
  TooLargeError,
  WatchStreamError,
  type ErrorContext,
} from '../errors.js';
import type {
  ListRequestOptions,
  ListPage,
  ListerWatcher,
  WatchEvent,
  WatchRequestOptions,
} from '../listerWatcher.js';
import { apiGet, type SendApiGet } from './apiGet.js';
import { utf8Bytes } from './bytes.js';
import { KindGuard } from './kindGuard.js';
import { LineSplitter } from './lineSplitter.js';
import { ListBodyReader } from './listBodyReader.js';
import {
  isPartialObjectMetadata,
  metadataListAccept,
  metadataWatchAccept,
  toPartialObjectMetadata,
} from './metadataOnly.js';
import { BodyStreamError, forEachChunk } from './forEachChunk.js';
import { guardProgress, readBody } from './progressGuard.js';
import { collectionPath, describeResource, type ResourceRef } from './resourcePath.js';
import { initialEventsEndAnnotation } from '../reflectorOptions.js';
import { timerDelay } from '../timerDelay.js';
import { decodeListPage } from './decodeListPage.js';
import { decodeWatchEvent } from './watchEventDecoder.js';

/** How long a list answer may be silent before it is abandoned, by default. */
export const defaultListIdleTimeoutMs = 30_000;

/**
 * The largest watch event, by default: 16 MiB, the limit of client-go's stream decoder
 * (kube-apiserver refuses objects over about 1.5 MiB, so a legitimate event stays far below).
 */
export const defaultMaxEventBytes = 16 * 2 ** 20;

/**
 * The largest list answer, by default: 1 GiB of JSON (after any `Content-Encoding` is undone).
 * kube-apiserver can legitimately send a page of 500 objects (the Reflector's page size) of up
 * to about 1.5 MiB each (etcd's default request limit), 750 MiB, and JSON may take more room
 * than the encoding the object is stored in; an unpaged list from its watch cache (what a list
 * at `"0"` gets from servers that ignore `limit` there) of a cluster at the scalability limits
 * (150,000 pods of a few KiB) is of that order too. Twice what a 0.5 MiB gzip answer can inflate
 * to (deflate stops near 1,032:1), so such a bomb is refused by the item limit
 * (`maxEventBytes`) or by this one, never holds more than this.
 */
export const defaultMaxListBytes = 2 ** 30;

/**
 * The options every lister-watcher takes, whatever its transport: what to list, how to decode
 * it, and the limits that guard against dead connections and oversized answers.
 *
 * @typeParam T - the object type
 */
export interface HttpListerWatcherOptions<T> {
  /** Only this namespace (ignored when the resource is given as a path). */
  namespace?: string;
  /** Label selector, e.g. `app=web,tier in (fe,be)`. */
  labelSelector?: string;
  /** Field selector, e.g. `status.phase=Running`. */
  fieldSelector?: string;
  /** Page size of lists; by default the Reflector uses 500 and lets the server decide. */
  pageSize?: number;
  /**
   * Bookmark intervals a watch may stay silent before the Reflector watches again (see
   * `ListerWatcher.idleBookmarkIntervals`). Default: the Reflector's (2.5), or, for
   * `fetchListerWatcher`, `pageIdleBookmarkIntervals` (1.5).
   */
  idleBookmarkIntervals?: number;
  /**
   * Converts each object as parsed from JSON, listed or watched (not bookmarks or `ERROR`
   * events). Default: none, the parsed JSON is the object (so date fields are ISO strings even
   * where client-node's model types say `Date`). Pass a conversion when model instances are
   * needed; it costs time on every event. If it throws, the answer is undecodable: a
   * `DecodeError` (its `cause` what was thrown) goes to the informer's `errors$`, a list is
   * retried after backoff and a watch ends and the Reflector relists, so the object is not
   * dropped and arrives once it decodes.
   */
  decode?: (raw: unknown) => T;
  /**
   * The object kind, e.g. `Pod`. Lists of another kind and objects of another kind are refused
   * with a `DecodeError`. Default: learnt from the first list.
   */
  kind?: string;
  /**
   * A list answer that receives no data for this long (headers or body) is abandoned with a
   * `ListIdleError` and retried: a connection that drops mid-answer is otherwise never noticed
   * (node-fetch 2 keeps waiting for the rest of a `Content-Length` body, and a proxy may hold a
   * browser's request open without answering). A streaming list (a watch with
   * `sendInitialEvents`) has the same bound until the bookmark that ends its initial events:
   * after that it is a watch, guarded by the Reflector's `idleTimeoutMs`. Default 30,000 ms;
   * 0 disables it.
   */
  listIdleTimeoutMs?: number;
  /**
   * The largest watch event (one line of the stream), in bytes. A longer one, or a stream that
   * never ends its line, fails with a `TooLargeError` as soon as the limit is passed: the watch
   * is aborted and the Reflector backs off and relists. Default {@link defaultMaxEventBytes}
   * (16 MiB, client-go's limit); at most that much of a line is held. The same object may come
   * as an item of a list answer: an item (or a list's envelope) longer than this fails the list
   * with a `ListItemTooLargeError` as it arrives, and at most this much of it is held.
   */
  maxEventBytes?: number;
  /**
   * The largest list answer, in bytes, counted as it arrives after any `Content-Encoding` is
   * undone: one page of a paged list, or a streaming list's initial events. A longer one fails
   * with a `TooLargeError` as soon as the limit is passed and is retried after backoff (a
   * streaming list gives way to a paged list). Default {@link defaultMaxListBytes} (1 GiB,
   * above what kube-apiserver legitimately sends in a page); 0 disables it (client-go has no
   * such limit). Each item of a list is also held to `maxEventBytes`, the limit of one object
   * (a `ListItemTooLargeError`).
   */
  maxListBytes?: number;
  /**
   * List and watch only the objects' metadata (client-go's metadata informers,
   * controller-runtime's `OnlyMetadata`): requests ask for kube-apiserver's
   * `PartialObjectMetadataList`/`PartialObjectMetadata` form, and every object arrives as a
   * `PartialObjectMetadata` (`kind`, `apiVersion: meta.k8s.io/v1`, `metadata`). A server that
   * answers with whole objects instead has them reduced to that form here, so the cache holds the
   * same thing either way. `decode` is given the metadata-only object. Default false.
   */
  metadataOnly?: boolean;
}

/**
 * Lists and watches one resource over HTTP through a transport that sends GETs: builds the
 * list and watch requests of the Kubernetes API, reads list answers item by item while they
 * arrive, splits watch streams into lines, and turns every failure into a typed error. Both
 * `listerWatcher` (client-node) and `fetchListerWatcher` (the platform `fetch`) are this
 * function on their own transport.
 *
 * @typeParam T - the object type
 * @param send - the transport
 * @param resource - `{ group, version, plural }` or a collection path
 * @param options - namespace, selectors, page size, decoding, limits
 * @returns a {@link ListerWatcher}
 * @internal
 */
export function httpListerWatcher<T>(
  send: SendApiGet,
  resource: ResourceRef,
  options: HttpListerWatcherOptions<T>,
): ListerWatcher<T> {
  const path = collectionPath(resource, options.namespace);
  const description = describeResource(resource, options.namespace);
  const decode = options.decode ?? ((raw: unknown) => raw as T);
  const kinds = new KindGuard(options.kind);
  const metadataOnly = options.metadataOnly === true;
  const maxObjectBytes = options.maxEventBytes ?? defaultMaxEventBytes;
  const maxListBytes = options.maxListBytes ?? defaultMaxListBytes;
  // A whole object (from a server without the metadata-only form) is checked for its kind
  // before it is reduced to its metadata, which drops the kind.
  const decodeMetadataOnly = (raw: unknown, line: string, context: ErrorContext): T => {
    const wrongKind = isPartialObjectMetadata(raw) ? undefined : kinds.checkObject(raw);
    if (wrongKind !== undefined) throw new DecodeError('watch', line, wrongKind, context);
    return decode(toPartialObjectMetadata(raw));
  };
  const selectors = (query: URLSearchParams): URLSearchParams => {
    if (options.labelSelector) query.set('labelSelector', options.labelSelector);
    if (options.fieldSelector) query.set('fieldSelector', options.fieldSelector);
    return query;
  };

  return {
    description,
    pageSize: options.pageSize,
    idleBookmarkIntervals: options.idleBookmarkIntervals,

    list(listOptions: ListRequestOptions): Observable<ListPage<T>> {
      const context: ErrorContext = {
        resource: description,
        resourceVersion: listOptions.resourceVersion,
      };
      const query = selectors(new URLSearchParams());
      if (listOptions.resourceVersion) query.set('resourceVersion', listOptions.resourceVersion);
      if (listOptions.resourceVersionMatch) {
        query.set('resourceVersionMatch', listOptions.resourceVersionMatch);
      }
      if (listOptions.limit) query.set('limit', String(listOptions.limit));
      if (listOptions.continue) query.set('continue', listOptions.continue);
      if (listOptions.shardSelector) query.set('shardSelector', listOptions.shardSelector);
      const idleMs = options.listIdleTimeoutMs ?? defaultListIdleTimeoutMs;
      const onIdle = (): Error => new ListIdleError(idleMs, context);
      return abortable((outer) =>
        guardProgress(outer, idleMs, onIdle, async (signal, progress) => {
          const response = await apiGet(send, {
            path,
            query,
            signal,
            verb: 'list',
            context,
            accept: metadataOnly ? metadataListAccept : undefined,
          });
          progress();
          const body = new ListBodyReader(
            maxObjectBytes,
            () => new ListItemTooLargeError(maxObjectBytes, context),
          );
          const limited = byteLimit(
            body,
            maxListBytes,
            () => new TooLargeError('list', maxListBytes, context),
          );
          try {
            if (response.body === null) limited.push(utf8Bytes(await response.text()));
            else await readBody(response.body, progress, limited);
          } catch (err) {
            // Aborts (stop, idle) and typed failures pass; anything else broke the connection.
            if (signal.aborted || err instanceof InformerError) throw err;
            throw new ListStreamError(context, err);
          }
          return decodeListPage(body, { decode, context, kinds, metadataOnly });
        }),
      );
    },

    watch(watchOptions: WatchRequestOptions): Observable<WatchEvent<T>> {
      const context: ErrorContext = {
        resource: description,
        resourceVersion: watchOptions.resourceVersion,
      };
      const query = selectors(new URLSearchParams({ watch: 'true' }));
      if (watchOptions.resourceVersion !== '' || watchOptions.sendInitialEvents) {
        query.set('resourceVersion', watchOptions.resourceVersion);
      }
      if (watchOptions.timeoutSeconds !== undefined) {
        query.set('timeoutSeconds', String(watchOptions.timeoutSeconds));
      }
      if (watchOptions.allowWatchBookmarks) query.set('allowWatchBookmarks', 'true');
      if (watchOptions.sendInitialEvents) query.set('sendInitialEvents', 'true');
      if (watchOptions.resourceVersionMatch) {
        query.set('resourceVersionMatch', watchOptions.resourceVersionMatch);
      }
      if (watchOptions.shardSelector) query.set('shardSelector', watchOptions.shardSelector);
      return new Observable<WatchEvent<T>>((subscriber) => {
        const controller = new AbortController();
        // A streaming list is a list: until its initial events end, it gets a list's idle
        // bound, not the watch's (150 s by default), so a server that accepts it and never
        // answers delays the sync no longer than it would a paged list.
        const listIdleMs = options.listIdleTimeoutMs ?? defaultListIdleTimeoutMs;
        let initialPending = watchOptions.sendInitialEvents === true;
        const initial = watchOptions.sendInitialEvents
          ? initialEventsGuard(listIdleMs, () => {
              controller.abort();
              subscriber.error(new ListIdleError(listIdleMs, context));
            })
          : undefined;
        const stream = async (): Promise<void> => {
          const response = await apiGet(send, {
            path,
            query,
            signal: controller.signal,
            verb: 'watch',
            context,
            accept: metadataOnly ? metadataWatchAccept : undefined,
          });
          const splitter = new LineSplitter(
            maxObjectBytes,
            () => new TooLargeError('watch', maxObjectBytes, context),
          );
          // A streaming list's initial events are a list answer: held to `maxListBytes` in all.
          let initialBytes = 0;
          const countInitial = (bytes: Uint8Array): void => {
            if (!initialPending || maxListBytes <= 0) return;
            initialBytes += bytes.length;
            if (initialBytes > maxListBytes) throw new TooLargeError('list', maxListBytes, context);
          };
          const emit = (lines: string[]): void => {
            for (const line of lines) {
              if (subscriber.closed) return;
              const event = decodeWatchEvent(
                line,
                metadataOnly ? (raw) => decodeMetadataOnly(raw, line, context) : decode,
                context,
              );
              const wrongKind =
                event.type === 'BOOKMARK' || event.type === 'ERROR' || metadataOnly
                  ? undefined
                  : kinds.checkObject(event.object);
              if (wrongKind !== undefined) throw new DecodeError('watch', line, wrongKind, context);
              if (initialPending && event.type === 'BOOKMARK' && endsInitialEvents(event)) {
                initialPending = false;
                initial?.end();
              }
              subscriber.next(event);
            }
          };
          if (response.body !== null) {
            try {
              await forEachChunk(response.body, (chunk) => {
                initial?.progress();
                const bytes = utf8Bytes(chunk);
                countInitial(bytes);
                emit(splitter.push(bytes));
                return !subscriber.closed;
              });
            } catch (err) {
              if (!(err instanceof BodyStreamError)) throw err;
              if (controller.signal.aborted) return;
              throw new WatchStreamError(context, err.cause);
            }
            // Left early (the subscriber gone): the body is released already.
            if (subscriber.closed) return;
          }
          emit(splitter.end());
          subscriber.complete();
        };
        stream().catch((err: unknown) => {
          if (!controller.signal.aborted) subscriber.error(err);
        });
        return () => {
          initial?.end();
          controller.abort();
        };
      });
    },
  };
}

/**
 * The idle bound of a streaming list's initial events: `onIdle` runs when `idleMs` pass
 * without `progress` (from the request on: a server that never answers is caught too), until
 * `end`. 0 or less disables it.
 */
function initialEventsGuard(idleMs: number, onIdle: () => void): { progress(): void; end(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ended = idleMs <= 0;
  const guard = {
    progress(): void {
      if (ended) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        ended = true;
        onIdle();
      }, timerDelay(idleMs));
    },
    end(): void {
      ended = true;
      clearTimeout(timer);
    },
  };
  guard.progress();
  return guard;
}

/** @returns whether a bookmark is the one that ends a streaming list's initial events */
function endsInitialEvents(event: WatchEvent<unknown>): boolean {
  const object = event.object as {
    metadata?: { annotations?: Record<string, string> | null } | null;
  };
  return object.metadata?.annotations?.[initialEventsEndAnnotation] === 'true';
}

/**
 * @returns `reader`, or when `maxBytes` is set, a reader that throws `tooLarge()` once more
 *   than `maxBytes` have been pushed
 */
function byteLimit(
  reader: { push(chunk: Uint8Array): void },
  maxBytes: number | undefined,
  tooLarge: () => Error,
): { push(chunk: Uint8Array): void } {
  if (maxBytes === undefined || maxBytes <= 0) return reader;
  let total = 0;
  return {
    push(chunk) {
      total += chunk.length;
      if (total > maxBytes) throw tooLarge();
      reader.push(chunk);
    },
  };
}

/** Runs a request as a one-value Observable whose unsubscription aborts it. */
function abortable<R>(request: (signal: AbortSignal) => Promise<R>): Observable<R> {
  return new Observable<R>((subscriber) => {
    const controller = new AbortController();
    request(controller.signal).then(
      (value) => {
        subscriber.next(value);
        subscriber.complete();
      },
      (err: unknown) => {
        if (!controller.signal.aborted) subscriber.error(err);
      },
    );
    return () => controller.abort();
  });
}
