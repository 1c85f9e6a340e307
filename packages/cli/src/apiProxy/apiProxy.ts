import type { KubeConfig } from '@kubernetes/client-node';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline, type Readable, type Transform } from 'node:stream';
import { redactCredentials } from '@rxkube/informer';
import { parseApiPath } from './apiPath.js';
import { BodyRelay, type RelayLoad } from './bodyRelay.js';
import { failureStatus, writeStatus, type KubeStatus } from './kubeStatus.js';
import { jsonAccept, jsonContentType } from './jsonMediaType.js';
import { OpenRequestLimit } from './openRequestLimit.js';
import { RedactingJsonStream } from './redactingJsonStream.js';
import { validRetryAfter } from './retryAfter.js';
import { setRelayHeaders } from './relayHeaders.js';
import type { ResourceAllowlist } from './resourceAllowlist.js';
import { TokenScrubber } from './tokenScrubber.js';
import { upstreamBreakFor } from './upstreamBreak.js';
import { UpstreamUnreachable, upstreamGet } from './upstreamGet.js';
import { upstreamStatus } from './upstreamStatus.js';

/** Options of an {@link ApiProxy}. */
export interface ApiProxyOptions {
  /** The cluster and the credentials requests are sent with; clients never see them. */
  readonly kubeConfig: KubeConfig;
  /** The resources served. */
  readonly resources: ResourceAllowlist;
  /**
   * Bytes a client's response may buffer before reading from the API server pauses (see
   * {@link BodyRelay}). Default 256 KiB, as the dashboard's feeds.
   */
  readonly maxBufferedBytes?: number;
  /**
   * Requests open to the API server at once (a watch counts until it ends); more are answered
   * `503` with `Retry-After` (see {@link OpenRequestLimit}). Default 100.
   */
  readonly maxOpenRequests?: number;
  /**
   * Told of each request that got no answer from the API server (refused connection, failed
   * credential plugin), with a message that carries no credential. Default: nobody.
   */
  readonly onUpstreamFailure?: (message: string) => void;
  /**
   * Redact every object relayed as the dashboard's details are (`redactObject`: env values,
   * credential arguments and annotations, manifest copies, a Secret's data): lists item by
   * item, single objects, watch events, `Table` rows, all as they stream. JSON only: the
   * request's `Accept` is narrowed to its JSON media types, and an answer of any other type is
   * refused (`502`). A value the redaction cannot take (over its bound, not JSON) cuts the
   * client's connection, a watch's included (a watch the API server breaks is ended). The
   * dashboard's `/k8s/` sets it; `rxkube proxy` relays objects whole. Default false.
   */
  readonly redact?: boolean;
}

/** What the proxy knows of one request while it relays the answer. */
interface Relaying {
  /** The credentials the request carried upstream: removed from everything relayed. */
  readonly scrubber: TokenScrubber;
  /** The request named the core `secrets`. */
  readonly secret: boolean;
  /** The request's URL: a watch's answer ends where another's is cut when the API server's breaks. */
  readonly url: URL;
}

/** Bytes of an API server's error answer read to relay it; a Status is far smaller. */
const maxErrorBodyBytes = 64 * 1024;

/** Seconds a client is asked to wait when the API server cannot be reached. */
const unreachableRetryAfterSeconds = 1;

/**
 * Headers of the API server's answer passed on to the client; no other is. Not its
 * `Content-Length`: a body with a credential removed, or redacted, is another length.
 */
const relayedHeaders = ['content-type', 'cache-control', 'warning'];

/**
 * A read-only proxy to the Kubernetes API: answers GETs (list, get, watch, discovery) for the
 * resources of its {@link ResourceAllowlist} by sending them to the API server with the
 * kubeconfig's credentials, which clients never see; anything else gets a Kubernetes `Status`:
 *
 * | request | answer |
 * |---|---|
 * | a method other than GET | 405 `MethodNotAllowed`, `Allow: GET` |
 * | a path with an empty, dot or percent-encoded segment | 400 `BadRequest` |
 * | a path outside `/api`, `/apis`, `/version` | 404 `NotFound` |
 * | a subresource (`log`, `exec`, `status`), a resource not allowed, Secrets unless allowed | 403 `Forbidden` |
 * | `maxOpenRequests` requests already open to the API server | 503 `ServiceUnavailable`, `Retry-After: 5` |
 * | the API server unreachable | 503 `ServiceUnavailable`, `Retry-After: 1` |
 * | the API server's error | its code, its `Status` (one made for it if the body is not one) |
 *
 * Only the path, the query and `Accept` of a request go to the API server (no cookie, no
 * `Authorization`, no `Impersonate-*`). The credentials the proxy sends the API server are
 * removed by value from everything it relays back ({@link TokenScrubber}), and every answer
 * carries `Content-Security-Policy: sandbox` and `nosniff` (`setRelayHeaders`): what the API
 * server (or an aggregated API behind it) answers is data, never a page that runs. With
 * {@link ApiProxyOptions.redact}, objects are redacted as the dashboard's details are. Answers stream as they come, with backpressure
 * ({@link BodyRelay}); a client that leaves aborts its request to the API server. It does not
 * listen itself: `rxkube proxy` and `rxkube dashboard` (under `/k8s/`) route requests to it
 * after their Host, Origin and token checks.
 */
export class ApiProxy {
  private readonly relays = new Set<BodyRelay>();
  private readonly inFlight = new Set<AbortController>();
  private readonly maxBufferedBytes: number;
  private readonly limit: OpenRequestLimit;

  /** @param options - cluster, allowlist, bounds */
  constructor(private readonly options: ApiProxyOptions) {
    this.maxBufferedBytes = options.maxBufferedBytes ?? 256 * 1024;
    this.limit = new OpenRequestLimit(options.maxOpenRequests);
  }

  /** Requests turned away (`503`) because `maxOpenRequests` were open. */
  get refusedRequests(): number {
    return this.limit.refused;
  }

  /** Requests to the API server in progress (a watch counts until it ends). */
  get openRequests(): number {
    return this.inFlight.size;
  }

  /** @returns what each answer being relayed holds in memory for its client */
  loads(): RelayLoad[] {
    return [...this.relays].map((relay) => relay.load);
  }

  /**
   * Answers one request.
   *
   * @param request - the client's request
   * @param response - its response, head not yet written
   * @param url - the request's URL, its path the API server's (a mount prefix such as the
   *   dashboard's `/k8s` removed); normalised, as `new URL` leaves it
   */
  handle(request: IncomingMessage, response: ServerResponse, url: URL): void {
    setRelayHeaders(response);
    const refusal = this.refusal(request.method ?? 'GET', url.pathname);
    if (refusal !== undefined) {
      writeStatus(response, refusal, refusal.code === 405 ? { Allow: 'GET' } : {});
      return;
    }
    const slot = this.limit.acquire();
    if ('refusal' in slot) {
      // Closing the connection too: a client that does not read must not keep even a socket.
      writeStatus(response, slot.refusal, { Connection: 'close' });
      return;
    }
    const controller = new AbortController();
    this.inFlight.add(controller);
    const finish = () => {
      slot.release();
      this.inFlight.delete(controller);
      controller.abort();
    };
    // The client leaving (or the answer ending) ends the request to the API server.
    response.on('close', finish);
    const redact = this.options.redact === true;
    const path = parseApiPath(url.pathname);
    const secret = path.kind === 'resource' && path.group === '' && path.resource === 'secrets';
    upstreamGet(
      this.options.kubeConfig,
      upstreamTarget(url),
      redact ? jsonAccept(request.headers.accept) : request.headers.accept,
      controller.signal,
    ).then(
      ({ answer, credentials }) =>
        this.answer(answer, response, { scrubber: new TokenScrubber(credentials), secret, url }),
      (err: unknown) => {
        // Aborted: the client left, or the proxy is closing and cuts it.
        if (controller.signal.aborted) {
          response.destroy();
          return;
        }
        const message = `cannot reach the API server: ${err instanceof UpstreamUnreachable ? err.message : redactCredentials(String(err))}`;
        this.options.onUpstreamFailure?.(message);
        writeStatus(response, failureStatus(503, message, unreachableRetryAfterSeconds));
      },
    );
  }

  /** Aborts every request to the API server and cuts every client being answered. */
  close(): void {
    for (const controller of [...this.inFlight]) controller.abort();
  }

  private refusal(method: string, pathname: string): KubeStatus | undefined {
    if (method !== 'GET') {
      return failureStatus(
        405,
        `${method} is not allowed: this proxy is read-only (GET: get, list, watch)`,
      );
    }
    const path = parseApiPath(pathname);
    switch (path.kind) {
      case 'discovery':
        return undefined;
      case 'malformed':
        return failureStatus(400, path.message);
      case 'unknown':
        return failureStatus(404, `the path ${JSON.stringify(pathname)} is not served`);
      case 'resource': {
        if (path.subresource !== undefined) {
          return failureStatus(
            403,
            `subresources (${path.resource}/${path.subresource.split('/')[0]}) are not served by this read-only proxy`,
          );
        }
        const verdict = this.options.resources.check(path.group, path.resource);
        return verdict.allowed ? undefined : failureStatus(403, verdict.message);
      }
    }
  }

  private answer(upstream: IncomingMessage, response: ServerResponse, relaying: Relaying): void {
    const code = upstream.statusCode ?? 502;
    if (response.destroyed) {
      upstream.destroy();
      return;
    }
    const { scrubber } = relaying;
    const redact = this.options.redact === true;
    if (code >= 200 && code < 300) {
      const type = upstream.headers['content-type'];
      if (redact && !jsonContentType(type)) {
        // Only JSON can be redacted: anything else is refused rather than relayed whole.
        upstream.destroy();
        const shown = typeof type === 'string' ? JSON.stringify(scrubber.scrub(type)) : 'none';
        writeStatus(
          response,
          failureStatus(502, `the API server answered with content type ${shown}, not JSON`),
        );
        return;
      }
      const headers: Record<string, string> = { 'X-Content-Type-Options': 'nosniff' };
      for (const name of relayedHeaders) {
        const value = upstream.headers[name];
        if (typeof value === 'string') headers[name] = scrubber.scrub(value);
      }
      response.writeHead(code, headers);
      // A watch's client must see the 200 before the first event, which may be long in coming.
      response.flushHeaders();
      const stages: Transform[] = [];
      if (redact) stages.push(new RedactingJsonStream({ secret: relaying.secret }));
      if (scrubber.active) stages.push(scrubber.stream());
      const body = relayedBody(upstream, stages);
      const relay = new BodyRelay(body, response, {
        maxBufferedBytes: this.maxBufferedBytes,
        onUpstreamBreak: upstreamBreakFor(relaying.url, upstream.headers['content-length']),
        heldBytes: () => heldBytes(upstream, stages),
      });
      this.relays.add(relay);
      response.on('close', () => this.relays.delete(relay));
      return;
    }
    const retryAfter = validRetryAfter(upstream.headers['retry-after']);
    void readBounded(upstream).then((body) =>
      writeStatus(
        response,
        upstreamStatus(code, body, scrubber),
        retryAfter === undefined ? {} : { 'Retry-After': retryAfter },
      ),
    );
  }
}

/**
 * The answer's body through the stages (redaction, credential removal), or the answer itself
 * when there is none. Destroying the returned stream destroys the answer (the client left);
 * the answer failing fails the returned stream with the answer's error (a watch's client sees
 * an end, anything else a cut: `upstreamBreakFor`), a stage failing fails it with the stage's
 * `RelayStageError` (the client's connection is cut, a watch's too).
 */
function relayedBody(upstream: IncomingMessage, stages: readonly Transform[]): Readable {
  if (stages.length === 0) return upstream;
  // The callback takes the failure: it reaches the relay as the last stage's error.
  return pipeline([upstream, ...stages], () => {}) as unknown as Readable;
}

/** The bytes an answer and its stages hold: read, not yet relayed (see `RelayLoad`). */
function heldBytes(upstream: IncomingMessage, stages: readonly Transform[]): number {
  let held = upstream.readableLength;
  for (const stage of stages) {
    held += stage.writableLength + stage.readableLength;
    if (stage instanceof RedactingJsonStream) held += stage.heldBytes;
  }
  return held;
}

/** Reads an answer's body up to {@link maxErrorBodyBytes}; the rest is dropped. */
function readBounded(upstream: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(Buffer.concat(chunks).toString('utf8'));
    upstream.on('data', (chunk: Buffer) => {
      if (size >= maxErrorBodyBytes) return;
      chunks.push(chunk.subarray(0, maxErrorBodyBytes - size));
      size += chunk.length;
      if (size >= maxErrorBodyBytes) {
        upstream.destroy();
        done();
      }
    });
    upstream.on('end', done);
    upstream.on('error', done);
  });
}

/**
 * The path and query sent to the API server: the client's, without the proxy's own access
 * token (`?token=`), which is for the proxy only; the API server would ignore it but record it
 * in its audit log.
 */
function upstreamTarget(url: URL): string {
  if (!url.searchParams.has('token')) return url.pathname + url.search;
  const query = new URLSearchParams(url.searchParams);
  query.delete('token');
  const rest = query.toString();
  return rest === '' ? url.pathname : `${url.pathname}?${rest}`;
}
