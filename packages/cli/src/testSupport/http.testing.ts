import { request, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';

/** One HTTP answer, read to its end. */
export interface HttpAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/**
 * GETs a path on its own connection (no agent), with exactly the headers given (Node adds
 * `Host` from the URL unless one is given).
 *
 * @param base - the server's URL, e.g. `http://127.0.0.1:7420/`
 * @param path - the path and query, sent as written
 * @param headers - extra request headers
 * @returns the answer
 */
export function httpGet(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<HttpAnswer> {
  return httpRequest('GET', base, path, headers);
}

/**
 * Sends a request on its own connection (no agent), with exactly the headers given, and a
 * small JSON body for the methods that carry one.
 *
 * @param method - `GET`, `POST`, `DELETE`…
 * @param base - the server's URL
 * @param path - the path and query, sent as written
 * @param headers - extra request headers
 * @returns the answer
 */
export function httpRequest(
  method: string,
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<HttpAnswer> {
  const { hostname, port } = new URL(base);
  const body = ['POST', 'PUT', 'PATCH'].includes(method) ? '{"metadata":{"name":"x"}}' : undefined;
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
      );
      res.on('error', reject);
    }).on('error', reject);
    if (body !== undefined) req.setHeader('Content-Type', 'application/json');
    req.end(body);
  });
}

/** One Server-Sent Event as received. */
export interface SseEvent {
  readonly id: string | undefined;
  readonly event: string;
  readonly data: string;
}

/**
 * A feed read as fast as it comes: every event parsed, the raw text kept (to search the wire for
 * what must not be on it).
 */
export class SseReader {
  readonly events: SseEvent[] = [];
  raw = '';
  status = 0;
  headers: IncomingHttpHeaders = {};
  private pending = '';
  private readonly waiters = new Set<() => void>();
  private ended = false;
  private close_: () => void = () => {};

  /**
   * Opens a feed.
   *
   * @param base - the server's URL
   * @param path - e.g. `/api/feeds/pods`
   * @param headers - extra request headers
   * @returns the reader, once the response headers arrived
   */
  static open(
    base: string,
    path: string,
    headers: Record<string, string> = {},
  ): Promise<SseReader> {
    const reader = new SseReader();
    const { hostname, port } = new URL(base);
    return new Promise((resolve, reject) => {
      const req = request({ hostname, port, path, headers, agent: false }, (res) => {
        reader.status = res.statusCode ?? 0;
        reader.headers = res.headers;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => reader.receive(chunk));
        res.on('close', () => {
          reader.ended = true;
          reader.wake();
        });
        resolve(reader);
      });
      reader.close_ = () => req.destroy();
      req.on('error', reject).end();
    });
  }

  /**
   * Waits until the events satisfy a condition.
   *
   * @param condition - checked after each chunk
   * @param what - named in the error when the stream ends first
   */
  async waitFor(condition: (events: readonly SseEvent[]) => boolean, what: string): Promise<void> {
    while (!condition(this.events)) {
      if (this.ended) throw new Error(`the feed ended before ${what}`);
      await new Promise<void>((resolve) => this.waiters.add(resolve));
    }
  }

  /** Closes the connection. */
  close(): void {
    this.close_();
  }

  private receive(chunk: string): void {
    this.raw += chunk;
    this.pending += chunk;
    let end: number;
    while ((end = this.pending.indexOf('\n\n')) >= 0) {
      const block = this.pending.slice(0, end);
      this.pending = this.pending.slice(end + 2);
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        const colon = line.indexOf(': ');
        if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 2));
      }
      const data = fields.get('data');
      if (data !== undefined) {
        this.events.push({ id: fields.get('id'), event: fields.get('event') ?? 'message', data });
      }
    }
    this.wake();
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
    this.waiters.clear();
  }
}

/**
 * A client that asks for a path and then never reads a byte of the answer (a suspended laptop,
 * a stalled proxy): the server's writes pile up in its buffers.
 *
 * @param base - the server's URL
 * @param path - e.g. `/api/feeds/pods`
 * @param accept - the `Accept` header sent
 * @returns the socket, to destroy when done
 */
export function nonReadingClient(base: string, path: string, accept = 'text/event-stream'): Socket {
  const { hostname, port } = new URL(base);
  const socket = connect({ host: hostname, port: Number(port) });
  socket.pause();
  socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: ${accept}\r\n\r\n`);
  return socket;
}
