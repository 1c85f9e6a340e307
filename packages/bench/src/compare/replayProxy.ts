/**
 * An HTTP proxy in front of the fake API server that takes the server's own cost off the
 * client's clock, in two ways:
 *
 * - **List replay.** GET responses other than watches are recorded and replayed byte for byte
 *   while the server's state is unchanged (the owner calls {@link ListReplayCache.invalidate}
 *   after every write and {@link ListReplayCache.prefetch} before a timed phase). The fake
 *   server builds a 50,000-pod list in seconds; a client against a real apiserver's watch cache
 *   would not wait for that, and neither should the figures.
 * - **Hold and release.** While held, nothing goes from the server to the client: data is
 *   buffered in order. The server can then generate 100,000 events at its own pace, and on
 *   release they reach the client as fast as the socket carries them.
 */
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A recorded response. */
interface Recorded {
  readonly status: number;
  readonly headers: OutgoingHttpHeaders;
  readonly body: Buffer;
}

const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);

function forwardable(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!hopByHop.has(name) && value !== undefined) out[name] = value;
  }
  return out;
}

/** Whether a request is a watch (streamed, never replayed). */
function isWatch(url: string): boolean {
  return /[?&]watch=(true|1)\b/.test(url) || url.includes('/watch/');
}

/** Recorded list responses of one upstream server, shared by all its proxies. */
export class ListReplayCache {
  private readonly recorded = new Map<string, Recorded>();
  /** List URLs without a `continue` token that missed: {@link prefetch} requests them too. */
  private readonly learned = new Set<string>();
  private readonly agent = new Agent({ keepAlive: true });
  /** Requests that had to go to the server (a miss during timing is reported), in order. */
  readonly misses: string[] = [];

  /**
   * @param upstream - base URL of the fake API server
   * @param token - its bearer token (used for prefetching)
   */
  constructor(
    readonly upstream: URL,
    private readonly token: string,
  ) {}

  /** Forgets the URLs learned from misses (a new scenario makes new requests). */
  forgetLearned(): void {
    this.learned.clear();
  }

  /** Forgets every recording: call after every write to the server. */
  invalidate(): void {
    this.recorded.clear();
  }

  /**
   * Records lists (each first page and the pages its continue tokens lead to), so the next
   * clients' lists are served without the server's cost.
   *
   * @param firstPages - the lists the clients are expected to make; URLs learned from misses
   *   since {@link ListReplayCache.forgetLearned} are added
   */
  async prefetch(firstPages: readonly string[]): Promise<void> {
    for (const first of new Set([...firstPages, ...this.learned])) {
      let url: string | undefined = first;
      while (url !== undefined) {
        const response: Recorded = this.recorded.get(url) ?? (await this.fetchAndRecord(url, {}));
        url = nextPageUrl(url, response.body);
      }
    }
  }

  /**
   * @param url - request path and query
   * @param headers - the client's headers (authorization is passed on)
   * @returns the recorded response, fetched from the server if not recorded yet
   */
  async get(url: string, headers: IncomingHttpHeaders): Promise<Recorded> {
    const hit = this.recorded.get(url);
    if (hit !== undefined) return hit;
    this.misses.push(url);
    if (!new URL(url, this.upstream).searchParams.has('continue')) this.learned.add(url);
    return this.fetchAndRecord(url, headers);
  }

  /** Closes idle upstream sockets. */
  close(): void {
    this.agent.destroy();
  }

  /**
   * Opens a streamed request to the server (watches and anything not replayed).
   *
   * @param req - the client's request
   * @returns the upstream request
   */
  forward(req: IncomingMessage): ReturnType<typeof httpRequest> {
    return httpRequest(new URL(req.url ?? '/', this.upstream), {
      method: req.method,
      headers: { ...req.headers, host: this.upstream.host },
      agent: this.agent,
    });
  }

  private fetchAndRecord(url: string, headers: IncomingHttpHeaders): Promise<Recorded> {
    return new Promise<Recorded>((resolve, reject) => {
      const upstreamReq = httpRequest(new URL(url, this.upstream), {
        method: 'GET',
        headers: {
          ...headers,
          host: this.upstream.host,
          authorization: headers.authorization ?? `Bearer ${this.token}`,
        },
        agent: this.agent,
      });
      upstreamReq.on('error', reject);
      upstreamReq.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const recorded: Recorded = {
            status: res.statusCode ?? 502,
            headers: forwardable(res.headers),
            body: Buffer.concat(chunks),
          };
          // Only successful reads are stable while the state is unchanged.
          if (recorded.status === 200) this.recorded.set(url, recorded);
          resolve(recorded);
        });
      });
      upstreamReq.end();
    });
  }
}

/** The URL of the page after `url`, from the `continue` token in `body`, if any. */
function nextPageUrl(url: string, body: Buffer): string | undefined {
  // The token sits in the list's metadata, at the start of the body: no need to parse it all.
  const head = body.subarray(0, 4096).toString('utf8');
  const match = /"continue":"([^"]*)"/.exec(head);
  if (match === null || match[1] === '') return undefined;
  const next = new URL(url, 'http://x');
  next.searchParams.delete('resourceVersion');
  next.searchParams.set('continue', match[1] as string);
  return `${next.pathname}${next.search}`;
}

/** Data held back for one response: its chunks in order, and whether it has ended. */
interface HeldResponse {
  readonly res: ServerResponse;
  chunks: Buffer[];
  ended: boolean;
}

const tailBytes = 16_384;

/**
 * @returns the last few KB held for `held`, across chunk boundaries (a marker may straddle
 *   two chunks). Built when asked rather than on every chunk: a burst is hundreds of
 *   thousands of chunks, and the question is asked every few milliseconds.
 */
function tailOf(held: HeldResponse): Buffer {
  const parts: Buffer[] = [];
  let length = 0;
  for (let i = held.chunks.length - 1; i >= 0 && length < tailBytes; i--) {
    const chunk = held.chunks[i] as Buffer;
    parts.unshift(chunk);
    length += chunk.length;
  }
  return Buffer.concat(parts).subarray(-tailBytes);
}

/** One proxy port: one per client process, so each can be held and released on its own. */
export class ReplayProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private held: HeldResponse[] | undefined;
  /** Bytes currently held back. */
  heldBytes = 0;

  /** @param cache - the recordings of the upstream server */
  constructor(private readonly cache: ListReplayCache) {}

  /** @returns the proxy's base URL once listening */
  async start(): Promise<string> {
    const server = createServer((req, res) => void this.handle(req, res));
    // Watches are long-lived; never time a request out.
    server.requestTimeout = 0;
    server.headersTimeout = 0;
    server.keepAliveTimeout = 600_000;
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  /** From now on, buffer everything the server sends to the client. */
  hold(): void {
    this.held ??= [];
  }

  /**
   * @param marker - a string the held data must end with (e.g. the last event's version)
   * @returns whether everything the server will send is held: the last few KB held for some
   *   response contain `marker`, or every held response has ended (a watch the server closed
   *   meanwhile; the client re-watches after release)
   */
  heldComplete(marker: string): boolean {
    const held = this.held ?? [];
    return (
      held.some((h) => tailOf(h).includes(marker)) ||
      (held.length > 0 && held.every((h) => h.ended))
    );
  }

  /** @returns what is held, for error messages: bytes and the end of each response's data */
  describeHeld(): string {
    return (this.held ?? [])
      .map(
        (h) =>
          `${h.chunks.length} chunks, ended ${h.ended}, ends …${tailOf(h).subarray(-300).toString()}`,
      )
      .join(' | ');
  }

  /** Sends everything held, in order; stops holding. */
  release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    this.heldBytes = 0;
    for (const { res, chunks, ended } of held) {
      if (chunks.length > 0 && !res.destroyed) {
        // Chunk by chunk under one cork (a few large writes), not as one concatenated buffer:
        // copying hundreds of MB first delayed the first byte by up to seconds.
        res.cork();
        for (const chunk of chunks) res.write(chunk);
        process.nextTick(() => res.uncork());
      }
      if (ended) res.end();
    }
  }

  /** Closes the port and every connection through it. */
  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    if (req.method === 'GET' && !isWatch(url)) {
      try {
        const recorded = await this.cache.get(url, req.headers);
        this.respond(res, recorded.status, recorded.headers, recorded.body);
      } catch (err) {
        res.writeHead(502).end(String(err));
      }
      return;
    }
    const upstream = this.cache.forward(req);
    req.pipe(upstream);
    res.on('close', () => upstream.destroy());
    upstream.on('error', () => res.destroy());
    upstream.on('response', (upstreamRes) => {
      res.writeHead(upstreamRes.statusCode ?? 502, forwardable(upstreamRes.headers));
      res.flushHeaders();
      upstreamRes.on('data', (chunk: Buffer) => {
        const slot = this.slot(res);
        if (slot !== undefined) {
          this.keep(slot, chunk);
        } else if (!res.write(chunk)) {
          // Backpressure: a client slower than the server slows the server, as over a network.
          upstreamRes.pause();
          res.once('drain', () => upstreamRes.resume());
        }
      });
      upstreamRes.on('end', () => {
        const slot = this.slot(res);
        if (slot !== undefined) slot.ended = true;
        else res.end();
      });
      upstreamRes.on('error', () => res.destroy());
    });
  }

  private respond(
    res: ServerResponse,
    status: number,
    headers: OutgoingHttpHeaders,
    body: Buffer,
  ): void {
    res.writeHead(status, { ...headers, 'content-length': body.length });
    const slot = this.slot(res);
    if (slot === undefined) {
      res.end(body);
    } else {
      this.keep(slot, body);
      slot.ended = true;
    }
  }

  private keep(slot: HeldResponse, chunk: Buffer): void {
    slot.chunks.push(chunk);
    this.heldBytes += chunk.length;
  }

  /** The held-data slot of `res` while holding (created on first use), else undefined. */
  private slot(res: ServerResponse): HeldResponse | undefined {
    if (this.held === undefined) return undefined;
    let slot = this.held.find((h) => h.res === res);
    if (slot === undefined) {
      slot = { res, chunks: [], ended: false };
      this.held.push(slot);
    }
    return slot;
  }
}
