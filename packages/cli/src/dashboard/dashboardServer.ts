import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { CliError } from '../errors/cliError.js';
import { ExitCode } from '../errors/exitCodes.js';
import type { DashboardInfo } from './feedProtocol.js';
import type { FeedStart, ResourceFeed } from './resourceFeed.js';
import { SseStream } from './sseStream.js';
import { serveStatic } from './staticFiles.js';

/** Options of {@link startDashboardServer}. */
export interface DashboardServerOptions {
  /** Address to bind. Default `127.0.0.1`: the dashboard shows cluster data to whoever connects. */
  host?: string;
  /** Port; 0 picks a free one. */
  port: number;
  /** Folder of the built browser app. */
  webRoot: string;
  /** Feeds by name, served at `/api/feeds/<name>`. */
  feeds: Readonly<Record<string, ResourceFeed>>;
  /** What `/api/info` tells the page. */
  info: DashboardInfo;
}

/** Connection counts, for tests and logs. */
export interface DashboardStats {
  /** Feed connections that started with a snapshot. */
  snapshots: number;
  /** Feed connections that resumed from a last event id. */
  resumed: number;
}

/** A running dashboard server. */
export interface DashboardServer {
  /** e.g. `http://127.0.0.1:7420/` */
  readonly url: string;
  readonly stats: DashboardStats;
  /** Feed connections open now. */
  readonly openStreams: number;
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
 * Serves the dashboard: the browser app, `/api/info`, and each feed as Server-Sent Events
 * (snapshot, then changes; resumable with `Last-Event-ID` or `?lastEventId=`).
 *
 * @param options - address, app folder, feeds
 * @returns the running server
 * @throws CliError (exit code 7) when the address cannot be bound
 */
export async function startDashboardServer(
  options: DashboardServerOptions,
): Promise<DashboardServer> {
  const sockets = new Set<Socket>();
  const streams = new Set<{ response: ServerResponse; close: () => void }>();
  const stats: DashboardStats = { snapshots: 0, resumed: 0 };
  let refuseUntil = 0;

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
    const header = request.headers['last-event-id'];
    const lastEventId =
      (Array.isArray(header) ? header[0] : header) ??
      url.searchParams.get('lastEventId') ??
      undefined;
    const sse = new SseStream(response);
    const { start, close } = feed.connect(lastEventId, (message) => sse.send(message));
    count(stats, start);
    const entry = {
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

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method !== 'GET') {
      response.writeHead(405).end();
      return;
    }
    const feedName = /^\/api\/feeds\/([a-z0-9-]+)$/.exec(url.pathname)?.[1];
    if (feedName !== undefined) {
      const feed = options.feeds[feedName];
      if (feed === undefined) response.writeHead(404).end();
      else openFeed(feed, request, response, url);
      return;
    }
    if (url.pathname === '/api/info') {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
      response.end(JSON.stringify(options.info));
      return;
    }
    serveStatic(options.webRoot, url.pathname, response).then(
      (served) => {
        if (!served) response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
      },
      () => response.writeHead(500).end(),
    );
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new CliError(
          `cannot listen on ${host}:${options.port}: ${err.code === 'EADDRINUSE' ? 'the port is in use' : err.message}`,
          ExitCode.listen,
          err.code === 'EADDRINUSE'
            ? 'pick another one with --port (0 for any free port)'
            : undefined,
        ),
      ),
    );
    server.listen(options.port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${shownHost}:${address.port}/`,
    stats,
    get openStreams() {
      return streams.size;
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
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

function count(stats: DashboardStats, start: FeedStart): void {
  if (start === 'snapshot') stats.snapshots += 1;
  else stats.resumed += 1;
}
