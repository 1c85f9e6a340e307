import type { KubeConfig } from '@kubernetes/client-node';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { redactCredentials } from '@rxkube/informer';
import { parseApiPath } from './apiPath.js';
import { BodyRelay, type RelayLoad } from './bodyRelay.js';
import { failureStatus, writeStatus, type KubeStatus } from './kubeStatus.js';
import { OpenRequestLimit } from './openRequestLimit.js';
import type { ResourceAllowlist } from './resourceAllowlist.js';
import { upstreamBreakFor } from './upstreamBreak.js';
import { UpstreamUnreachable, upstreamGet } from './upstreamGet.js';

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
}

/** Bytes of an API server's error answer read to relay it; a Status is far smaller. */
const maxErrorBodyBytes = 64 * 1024;

/** Seconds a client is asked to wait when the API server cannot be reached. */
const unreachableRetryAfterSeconds = 1;

/** Headers of the API server's answer passed on to the client; no other is. */
const relayedHeaders = ['content-type', 'content-length', 'cache-control', 'warning'];

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
 * `Authorization`, no `Impersonate-*`). Answers stream as they come, with backpressure
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
    upstreamGet(
      this.options.kubeConfig,
      upstreamTarget(url),
      request.headers.accept,
      controller.signal,
    ).then(
      (upstream) => this.answer(upstream, response, url),
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

  private answer(upstream: IncomingMessage, response: ServerResponse, url: URL): void {
    const code = upstream.statusCode ?? 502;
    if (response.destroyed) {
      upstream.destroy();
      return;
    }
    if (code >= 200 && code < 300) {
      const headers: Record<string, string> = { 'X-Content-Type-Options': 'nosniff' };
      for (const name of relayedHeaders) {
        const value = upstream.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      response.writeHead(code, headers);
      // A watch's client must see the 200 before the first event, which may be long in coming.
      response.flushHeaders();
      const relay = new BodyRelay(upstream, response, {
        maxBufferedBytes: this.maxBufferedBytes,
        onUpstreamBreak: upstreamBreakFor(url, upstream.headers['content-length']),
      });
      this.relays.add(relay);
      response.on('close', () => this.relays.delete(relay));
      return;
    }
    const retryAfter = upstream.headers['retry-after'];
    void readBounded(upstream).then((body) =>
      writeStatus(
        response,
        upstreamStatus(code, body),
        retryAfter === undefined ? {} : { 'Retry-After': retryAfter },
      ),
    );
  }
}

/** The API server's error as a Status for the client: its own when it sent one. */
function upstreamStatus(code: number, body: string): KubeStatus {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  const sent = parsed as Partial<Record<keyof KubeStatus, unknown>> | undefined;
  if (sent?.kind === 'Status' && typeof sent.message === 'string') {
    // The API server's own Status, code made to match the answer's (clients read either).
    return {
      ...(sent as unknown as KubeStatus),
      message: redactCredentials(sent.message),
      code,
    };
  }
  const text = body.trim().slice(0, 200);
  return failureStatus(
    code,
    redactCredentials(`the API server answered ${code}${text === '' ? '' : `: ${text}`}`),
  );
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
