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
 *   kept in order, in a file (see heldData.ts). The server can then generate 100,000 events at
 *   its own pace, and on release they reach the client as fast as the socket carries them.
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
import { HeldData } from './heldData.js';

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
   *   The upstream must answer every one of them with the same response at an unchanged state
   *   (e.g. `resourceVersion=0&limit=500` and no query: the whole latest state, as the watch
   *   cache serves both): the first is fetched, and when it is one whole page (no continue
   *   token) its response is recorded for the others too. A 50,000-pod answer is about 200 MB,
   *   and carrying it again from the server costs seconds for the same bytes.
   */
  async prefetch(firstPages: readonly string[]): Promise<void> {
    const [first, ...others] = firstPages;
    if (first !== undefined) {
      const response = this.recorded.get(first) ?? (await this.fetchAndRecord(first, {}));
      if (response.status === 200 && nextPageUrl(first, response.body) === undefined) {
        for (const url of others) if (!this.recorded.has(url)) this.recorded.set(url, response);
      }
    }
    for (const url of new Set([...firstPages, ...this.learned])) {
      let page: string | undefined = url;
      while (page !== undefined) {
        const response: Recorded = this.recorded.get(page) ?? (await this.fetchAndRecord(page, {}));
        page = nextPageUrl(page, response.body);
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

/** Data held back for one response, and whether it has ended. */
interface HeldResponse {
  readonly res: ServerResponse;
  readonly data: HeldData;
  ended: boolean;
}

/** A released response still being sent from its held data: what arrives meanwhile waits. */
interface Draining {
  readonly after: Buffer[];
  ended: boolean;
}

/** Held data is sent this many bytes at a time (whole chunks), each once the last is written. */
const batchBytes = 8 << 20;

/**
 * Writes `data`'s chunks to `res` in order, a batch at a time under one cork (a few large
 * writes), each batch read back from the file into the same memory once the one before has
 * been written: the client takes the data as fast as its socket carries it, and sending it
 * allocates next to nothing.
 *
 * @returns once everything is written or the response is gone
 */
async function sendHeld(res: ServerResponse, data: HeldData): Promise<void> {
  const batch = Buffer.allocUnsafe(batchBytes);
  try {
    for (let next = 0; next < data.chunks;) {
      const read = data.readChunks(batch, next);
      next = read.next;
      if (!(await written(res, read.chunks))) return;
    }
  } finally {
    data.dispose();
  }
}

/** @returns true once every chunk is written to `res`'s socket, false if it closes first */
function written(res: ServerResponse, chunks: readonly Buffer[]): Promise<boolean> {
  if (res.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onClose = (): void => resolve(false);
    res.once('close', onClose);
    res.cork();
    chunks.forEach((chunk, i) => {
      if (i < chunks.length - 1) res.write(chunk);
      else
        res.write(chunk, (err) => {
          res.off('close', onClose);
          resolve(err === null || err === undefined);
        });
    });
    res.uncork();
  });
}

/** One proxy port: one per client process, so each can be held and released on its own. */
export class ReplayProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private held: HeldResponse[] | undefined;
  private readonly draining = new Map<ServerResponse, Draining>();
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
      held.some((h) => h.data.tail().includes(marker)) ||
      (held.length > 0 && held.every((h) => h.ended))
    );
  }

  /** @returns what is held, for error messages: bytes and the end of each response's data */
  describeHeld(): string {
    return (this.held ?? [])
      .map(
        (h) =>
          `${h.data.chunks} chunks, ended ${h.ended}, ends …${h.data.tail().subarray(-300).toString()}`,
      )
      .join(' | ');
  }

  /**
   * Sends everything held, in order, as fast as the client's socket takes it; stops holding.
   * What the server sends meanwhile follows it.
   */
  release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    this.heldBytes = 0;
    for (const { res, data, ended } of held) {
      if (data.length === 0 || res.destroyed) {
        data.dispose();
        if (ended) res.end();
        continue;
      }
      const draining: Draining = { after: [], ended };
      this.draining.set(res, draining);
      void sendHeld(res, data).then(() => {
        this.draining.delete(res);
        if (res.destroyed) return;
        for (const chunk of draining.after) res.write(chunk);
        if (draining.ended) res.end();
      });
    }
  }

  /** Closes the port and every connection through it. */
  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    for (const { data } of this.held ?? []) data.dispose();
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
        // Order first: a response still sending what it held queues behind it, held or not.
        const draining = this.draining.get(res);
        const slot = draining === undefined ? this.slot(res) : undefined;
        if (draining !== undefined) {
          draining.after.push(chunk);
        } else if (slot !== undefined) {
          this.keep(slot, chunk);
        } else if (!res.write(chunk)) {
          // Backpressure: a client slower than the server slows the server, as over a network.
          upstreamRes.pause();
          res.once('drain', () => upstreamRes.resume());
        }
      });
      upstreamRes.on('end', () => {
        const slot = this.draining.get(res) ?? this.slot(res);
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
    slot.data.append(chunk);
    this.heldBytes += chunk.length;
  }

  /** The held-data slot of `res` while holding (created on first use), else undefined. */
  private slot(res: ServerResponse): HeldResponse | undefined {
    if (this.held === undefined) return undefined;
    let slot = this.held.find((h) => h.res === res);
    if (slot === undefined) {
      slot = { res, data: new HeldData(), ended: false };
      this.held.push(slot);
    }
    return slot;
  }
}
