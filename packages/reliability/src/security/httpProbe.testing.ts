import { request, type IncomingMessage } from 'node:http';
import { connect, createServer } from 'node:net';
import { networkInterfaces } from 'node:os';
import { RecordedText } from './recordedText.testing.js';

/** One HTTP exchange: its status, and everything the server sent as text (headers included). */
export interface Exchange {
  readonly status: number;
  readonly body: string;
  /** Status line, raw headers and body: what a leak scan must read. */
  readonly text: string;
}

const asText = (path: string, res: IncomingMessage, body: string): string =>
  `GET ${path} -> ${res.statusCode}\n${res.rawHeaders.join('\n')}\n\n${body}`;

/**
 * GETs a path exactly as written (no URL normalisation, so `..%2f` reaches the server as sent),
 * on a connection of its own that closes afterwards.
 *
 * @param base - e.g. `http://127.0.0.1:7420/`
 * @param path - e.g. `/api/info`
 * @param enough - for an answer that does not end (an event stream): stop reading once it says
 *   the body so far is enough; by default the whole body is read
 * @returns the exchange
 */
export function httpGet(
  base: string,
  path: string,
  enough: (body: string) => boolean = () => false,
): Promise<Exchange> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, agent: false }, (res) => {
      let body = '';
      const done = (): void =>
        resolve({ status: res.statusCode ?? 0, body, text: asText(path, res, body) });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        if (enough(body)) {
          done();
          req.destroy();
        }
      });
      res.on('end', done);
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/**
 * Everything a browser loads from the dashboard: the page, what it links (scripts, styles), their
 * source maps (what developer tools fetch) and `/api/info`.
 *
 * @param base - the dashboard's URL
 * @returns the exchanges, the page first
 */
export async function pageAndAssets(base: string): Promise<Exchange[]> {
  const page = await httpGet(base, '/');
  const linked = [...page.body.matchAll(/(?:src|href)="([\w./-]+)"/g)].map((m) => `/${m[1]}`);
  const assets = await Promise.all(linked.map((path) => httpGet(base, path)));
  const maps = assets.flatMap((a) => [...a.body.matchAll(/sourceMappingURL=([\w./-]+)/g)]);
  const sourceMaps = await Promise.all(maps.map((m) => httpGet(base, `/${m[1]}`)));
  return [page, ...assets, ...sourceMaps, await httpGet(base, '/api/info')];
}

/** A Server-Sent Events stream held open, recording everything the server sends on it. */
export class SseRecording {
  private readonly recorded = new RecordedText();

  private constructor(
    private readonly res: IncomingMessage,
    path: string,
  ) {
    this.recorded.append(asText(path, res, ''));
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => this.recorded.append(chunk));
    res.on('close', () => this.recorded.end('the stream ended'));
  }

  /** Everything received: status line, headers, events. */
  get text(): string {
    return this.recorded.text;
  }

  /**
   * Opens a stream.
   *
   * @param base - the dashboard's URL
   * @param path - e.g. `/api/feeds/pods`
   * @returns the recording, once the response headers arrived
   */
  static open(base: string, path: string): Promise<SseRecording> {
    const { hostname, port } = new URL(base);
    const headers = { accept: 'text/event-stream' };
    return new Promise((resolve, reject) => {
      request({ hostname, port, path, agent: false, headers }, (res) =>
        resolve(new SseRecording(res, path)),
      )
        .on('error', reject)
        .end();
    });
  }

  /**
   * Waits until the stream has said something.
   *
   * @param condition - checked after every chunk
   * @param what - for the error when the stream ends or a minute passes first
   */
  waitFor(condition: (text: string) => boolean, what: string): Promise<void> {
    return this.recorded.waitFor(condition, what);
  }

  /** Closes the stream. */
  close(): void {
    this.res.destroy();
  }
}

/**
 * Whether anything accepts TCP connections at an address and port.
 *
 * @param host - an IP address
 * @param port - the port
 * @returns true if a connection was accepted (it is closed at once)
 */
export function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Addresses of this machine other than 127.0.0.1 where a server bound to every interface
 * (0.0.0.0) can be reached: 127.0.0.2 (Linux routes all of 127/8 to the loopback device) and the
 * non-loopback IPv4 addresses. A control server proves each one reachable, so a probe that finds
 * nothing listening there means something.
 *
 * @returns the addresses (empty on a machine with neither)
 */
export async function otherLocalAddresses(): Promise<string[]> {
  const candidates = [
    '127.0.0.2',
    ...Object.values(networkInterfaces())
      .flat()
      .filter((i) => i !== undefined && i.family === 'IPv4' && !i.internal)
      .map((i) => i!.address),
  ];
  const control = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => control.listen(0, '0.0.0.0', resolve));
  const { port } = control.address() as { port: number };
  try {
    const reachable = await Promise.all(candidates.map((host) => accepts(host, port)));
    return candidates.filter((_, i) => reachable[i]);
  } finally {
    await new Promise((resolve) => control.close(resolve));
  }
}
