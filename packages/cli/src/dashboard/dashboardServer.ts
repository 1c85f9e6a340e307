import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { ApiProxy } from '../apiProxy/apiProxy.js';
import { failureStatus, writeStatus } from '../apiProxy/kubeStatus.js';
import { setRelayHeaders } from '../apiProxy/relayHeaders.js';
import type { AccessToken } from './accessToken.js';
import { browsableHost } from './browsableHost.js';
import type { DashboardInfo } from './feedProtocol.js';
import { HostPolicy } from './hostPolicy.js';
import { listenOn } from './listenOn.js';
import { RequestGuard } from './requestGuard.js';
import { requestUrl } from './requestUrl.js';
import { FeedLimitReached, type FeedSource } from './feedCatalog.js';
import { FeedOpenThrottled } from './feedOpenRate.js';
import type { FeedStart, ResourceFeed } from './resourceFeed.js';
import { SseEncoder } from './sseEncoder.js';
import { SseStream, type SseBacklog, type SseStreamOptions } from './sseStream.js';
import { serveStatic } from './staticFiles.js';

/** Options of {@link startDashboardServer}. */
export interface DashboardServerOptions {
  /** Address to bind. Default `127.0.0.1`: the dashboard shows cluster data to whoever connects. */
  host?: string;
  /** Port; 0 picks a free one. */
  port: number;
  /** Folder of the built browser app. */
  webRoot: string;
  /** Feeds by name, served at `/api/feeds/<name>`; one object at `/api/objects/<name>/<key>`. */
  feeds: Readonly<Record<string, ResourceFeed>>;
  /**
   * More feeds, opened on demand (any resource the cluster serves, `deployments.apps`), and the
   * details of any object at `/api/details/<name>/<key>` (see `FeedCatalog`).
   */
  catalog?: FeedSource;
  /** What `/api/info` tells the page. */
  info: DashboardInfo;
  /**
   * The token every request must present (`?token=`, `Authorization: Bearer`, or the cookie
   * the page gets); none for a dashboard on loopback. See `dashboardAccess`.
   */
  token?: AccessToken | undefined;
  /** More `Host` names to answer besides the bound address (`name` or `name:port`). */
  allowedHosts?: readonly string[];
  /** Memory bounds and pace of each feed connection. */
  stream?: SseStreamOptions;
  /**
   * Feed connections served at once; more are answered `503` with `Retry-After`, and the page
   * retries. Each costs at most its buffer bound and a backlog of one entry per object (see
   * {@link SseStreamOptions}), so this bounds the memory of every browser together. Default 100.
   */
  maxFeedConnections?: number;
  /**
   * The read-only Kubernetes API proxy served under `/k8s/` (`/k8s/api/v1/pods` is the API
   * server's `/api/v1/pods`), for pages that list and watch with the browser lister-watcher;
   * none (the default, and `rxkube dashboard` without `--api-proxy`) serves nothing there. The
   * command's redacts every object (`ApiProxyOptions.redact`), so that `/k8s/` shows no more
   * than the details view. Closed with the server.
   */
  apiProxy?: ApiProxy;
}

/** Seconds a browser turned away for too many feed connections is asked to wait. */
const retryAfterSeconds = 5;

/** Connection counts, for tests and logs. */
export interface DashboardStats {
  /** Feed connections that started with a snapshot. */
  snapshots: number;
  /** Feed connections that resumed from a last event id. */
  resumed: number;
  /** Feed connections cut because their browser fell too far behind (they resume). */
  overflowed: number;
  /** Feed connections turned away (`503`) because `maxFeedConnections` were open. */
  refused: number;
}

/** A running dashboard server. */
export interface DashboardServer {
  /**
   * The URL to open, without the token: e.g. `http://127.0.0.1:7420/`. Bound to every
   * interface (`0.0.0.0`, `::`), it names loopback, since browsers refuse the wildcard.
   */
  readonly url: string;
  /** Bound to a wildcard address: reachable on every interface of the machine. */
  readonly everyInterface: boolean;
  readonly stats: DashboardStats;
  /** Feed connections open now. */
  readonly openStreams: number;
  /** @returns what each open feed connection holds in memory for its browser */
  backlogs(): SseBacklog[];
  /**
   * Cuts every feed connection (browsers reconnect by themselves), and answers new ones with 503
   * for `refuseForMs`.
   *
   * @param refuseForMs - how long to refuse reconnections; 0 for not at all
   */
  dropStreams(refuseForMs?: number): void;
  /** Closes every connection and stops listening. */
  close(): Promise<void>;
}

/**
 * Serves the dashboard: the browser app, `/api/info`, each feed as Server-Sent Events
 * (snapshot, then changes; resumable with `Last-Event-ID` or `?lastEventId=`), and one object's
 * redacted details at `/api/objects/<feed>/<namespace>/<name>`. Every request passes the
 * {@link RequestGuard} first (Host, Origin, token).
 *
 * @param options - address, app folder, feeds, access
 * @returns the running server
 * @throws CliError (exit code 7) when the address cannot be bound
 */
export async function startDashboardServer(
  options: DashboardServerOptions,
): Promise<DashboardServer> {
  const streams = new Set<{ sse: SseStream; response: ServerResponse; close: () => void }>();
  const stats: DashboardStats = { snapshots: 0, resumed: 0, overflowed: 0, refused: 0 };
  const maxFeedConnections = options.maxFeedConnections ?? 100;
  // One for all connections: the same message is serialised once, its bytes shared.
  const encoder = new SseEncoder();
  let refuseUntil = 0;
  // Set once the port is known (the port may be 0 until then); no request comes in before.
  const access: { guard?: RequestGuard } = {};

  const openFeed = (
    feed: ResourceFeed,
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
  ): void => {
    if (Date.now() < refuseUntil) {
      response.writeHead(503, { 'Content-Type': 'text/plain', 'Retry-After': '1' });
      response.end('feed temporarily unavailable\n');
      return;
    }
    if (streams.size >= maxFeedConnections) {
      stats.refused += 1;
      // Closing the connection too: a client that does not read must not keep even a socket.
      response.writeHead(503, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Retry-After': String(retryAfterSeconds),
        Connection: 'close',
      });
      response.end(`too many feed connections (${maxFeedConnections}); retry later\n`);
      return;
    }
    const header = request.headers['last-event-id'];
    const lastEventId =
      (Array.isArray(header) ? header[0] : header) ??
      url.searchParams.get('lastEventId') ??
      undefined;
    const sse = new SseStream(response, options.stream, () => (stats.overflowed += 1), encoder);
    const { start, close } = feed.connect(lastEventId, (message) => sse.send(message));
    count(stats, start);
    const entry = {
      sse,
      response,
      close: () => {
        close();
        sse.close();
        streams.delete(entry);
      },
    };
    streams.add(entry);
    response.on('close', entry.close);
  };

  const feedNamed = (name: string): ResourceFeed | undefined =>
    // Own names only: `constructor` names no feed.
    Object.hasOwn(options.feeds, name) ? options.feeds[name] : options.catalog?.feed(name);

  const route = (request: IncomingMessage, response: ServerResponse, url: URL): void => {
    const feedName = /^\/api\/feeds\/([a-z0-9.-]+)$/.exec(url.pathname)?.[1];
    if (feedName !== undefined) {
      let feed: ResourceFeed | undefined;
      try {
        feed = feedNamed(feedName);
      } catch (err) {
        refuseFeed(response, err);
        return;
      }
      if (feed === undefined) notFound(response);
      else openFeed(feed, request, response, url);
      return;
    }
    const detail = /^\/api\/objects\/([a-z0-9.-]+)\/(.+)$/.exec(url.pathname);
    if (detail !== null) {
      let object: unknown;
      try {
        object = feedNamed(detail[1]!)?.details(objectKey(detail[2]!));
      } catch (err) {
        refuseFeed(response, err);
        return;
      }
      if (object === undefined) notFound(response);
      else json(response, object);
      return;
    }
    const described = /^\/api\/details\/([a-z0-9.-]+)\/(.+)$/.exec(url.pathname);
    if (described !== null && options.catalog !== undefined) {
      options.catalog.details(described[1]!, objectKey(described[2]!)).then(
        (details) => (details === undefined ? notFound(response) : json(response, details)),
        (err: unknown) => {
          if (isFeedRefusal(err)) refuseFeed(response, err);
          else response.writeHead(500).end();
        },
      );
      return;
    }
    if (url.pathname === '/api/info') {
      json(response, options.info);
      return;
    }
    serveStatic(options.webRoot, url.pathname, response).then(
      (served) => {
        if (!served) notFound(response);
      },
      () => response.writeHead(500).end(),
    );
  };

  const server = createServer((request, response) => {
    const url = requestUrl(request);
    if (url === undefined) {
      response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('malformed request target\n');
      return;
    }
    // The token must not leave in a Referer, nor any page be framed by another site.
    response.setHeader('Referrer-Policy', 'no-referrer');
    response.setHeader('X-Frame-Options', 'DENY');
    response.setHeader('Content-Security-Policy', contentSecurityPolicy);
    // The API proxy answers in the API server's terms (a Status body), its 405s included.
    const apiPath = /^\/k8s(\/.*)$/.exec(url.pathname)?.[1];
    // The proxy's answers, refusals included, are data: never a page that runs.
    if (apiPath !== undefined) setRelayHeaders(response);
    if (request.method !== 'GET' && apiPath === undefined) {
      response.writeHead(405).end();
      return;
    }
    const verdict = access.guard?.check(request, url);
    if (verdict === undefined || !verdict.allowed) {
      const status = verdict?.status ?? 503;
      const message = verdict?.message ?? 'starting';
      if (apiPath !== undefined) {
        writeStatus(response, failureStatus(status, message));
        return;
      }
      response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(`${message}\n`);
      return;
    }
    if (verdict.setCookie !== undefined) response.setHeader('Set-Cookie', verdict.setCookie);
    if (apiPath === undefined) {
      route(request, response, url);
    } else if (options.apiProxy === undefined) {
      writeStatus(
        response,
        failureStatus(404, 'this dashboard serves no API proxy (start it with --api-proxy)'),
      );
    } else {
      url.pathname = apiPath;
      options.apiProxy.handle(request, response, url);
    }
  });
  const host = options.host ?? '127.0.0.1';
  const listening = await listenOn(server, host, options.port);
  const address = listening.address;
  const shown = browsableHost(host);
  access.guard = new RequestGuard({
    hosts: new HostPolicy(host, address.port, options.allowedHosts),
    port: address.port,
    token: options.token,
  });

  return {
    url: `http://${shown.host}:${address.port}/`,
    everyInterface: shown.everyInterface,
    stats,
    get openStreams() {
      return streams.size;
    },
    backlogs() {
      return [...streams].map((stream) => stream.sse.load);
    },
    dropStreams(refuseForMs = 0) {
      refuseUntil = Date.now() + refuseForMs;
      for (const stream of [...streams]) {
        stream.close();
        stream.response.destroy();
      }
    },
    async close() {
      for (const stream of [...streams]) stream.close();
      options.apiProxy?.close();
      await listening.close();
    },
  };
}

/**
 * What the page may load and run: its own scripts, styles and feed, nothing inline (it builds
 * its DOM with `textContent`, and sets styles through CSSOM), and `data:` images for the
 * favicon. A name or message that slipped past the rendering as HTML still could not run.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** `namespace/name` from the path's encoded segments (`name` alone when cluster-scoped). */
function objectKey(path: string): string {
  return path.split('/').map(decodeSegment).join('/');
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // malformed escapes name no object: the lookup answers 404
  }
}

/** A feed that could not be opened now: too many open, or opened too fast. */
function isFeedRefusal(err: unknown): err is FeedLimitReached | FeedOpenThrottled {
  return err instanceof FeedLimitReached || err instanceof FeedOpenThrottled;
}

/**
 * Answers `503` with `Retry-After` for a feed that could not be opened now.
 *
 * @throws err itself when it is not such a refusal
 */
function refuseFeed(response: ServerResponse, err: unknown): void {
  if (!isFeedRefusal(err)) throw err;
  const wait = err instanceof FeedOpenThrottled ? err.retryAfterSeconds : retryAfterSeconds;
  response.writeHead(503, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Retry-After': String(wait),
  });
  response.end(`${err.message}\n`);
}

function json(response: ServerResponse, body: unknown): void {
  response.writeHead(200, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(JSON.stringify(body));
}

function notFound(response: ServerResponse): void {
  response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
}

function count(stats: DashboardStats, start: FeedStart): void {
  if (start === 'snapshot') stats.snapshots += 1;
  else stats.resumed += 1;
}
