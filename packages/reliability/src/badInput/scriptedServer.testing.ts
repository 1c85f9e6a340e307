import { KubeConfig } from '@kubernetes/client-node';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A scripted answer to a list request. */
export interface ListAnswer {
  readonly status?: number;
  readonly contentType?: string;
  /** More response headers, e.g. `Retry-After`. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly body: string;
  /** Send the body chunked and drop the connection after this many characters of it. */
  readonly cutAfter?: number;
}

/** A scripted watch: lines to send, then keep the stream open or end it. */
export interface WatchScript {
  readonly lines: readonly string[];
  readonly end?: 'hold' | 'close';
  /** After the lines, send this many bytes of one line that never ends (then hold). */
  readonly endlessLine?: number;
}

/**
 * An HTTP server answering list and watch requests exactly as scripted, to feed an informer
 * input no real API server would send. Lists take the next scripted answer (the last one
 * repeats); watches take the next script (then hold silently).
 */
export class ScriptedServer {
  /** Requests received, as `list` or `watch` plus the query. */
  readonly requests: string[] = [];
  private readonly lists: ListAnswer[] = [];
  private readonly watches: WatchScript[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly open = new Set<ServerResponse>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  /** @returns a listening server. */
  static async start(): Promise<ScriptedServer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const scripted = new ScriptedServer(server, `http://127.0.0.1:${port}`);
    server.on('connection', (socket: Socket) => {
      scripted.sockets.add(socket);
      socket.on('close', () => scripted.sockets.delete(socket));
    });
    server.on('request', (req, res) => scripted.answer(req, res));
    return scripted;
  }

  /** @param answers - list answers, in order. */
  list(...answers: ListAnswer[]): this {
    this.lists.push(...answers);
    return this;
  }

  /** @param scripts - watch scripts, in order. */
  watch(...scripts: WatchScript[]): this {
    this.watches.push(...scripts);
    return this;
  }

  /** @returns a KubeConfig pointing at this server with a bearer token. */
  kubeConfig(token = 'scripted-token'): KubeConfig {
    const kc = new KubeConfig();
    kc.loadFromOptions({
      clusters: [{ name: 'scripted', server: this.url, skipTLSVerify: true }],
      users: [{ name: 'user', token }],
      contexts: [{ name: 'scripted', cluster: 'scripted', user: 'user' }],
      currentContext: 'scripted',
    });
    return kc;
  }

  /** Ends every open watch and closes the server. */
  async stop(): Promise<void> {
    for (const res of this.open) res.end();
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  private answer(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url);
    const watching = url.searchParams.get('watch') === 'true';
    this.requests.push(`${watching ? 'watch' : 'list'} ${url.search}`);
    if (!watching) {
      const answer = this.lists.length > 1 ? this.lists.shift() : this.lists[0];
      res.writeHead(answer?.status ?? 200, {
        'Content-Type': answer?.contentType ?? 'application/json',
        ...answer?.headers,
      });
      if (answer?.cutAfter !== undefined) {
        // Dropped once the part is on the wire, so the client has seen the answer start.
        res.write(answer.body.slice(0, answer.cutAfter), () => res.socket?.destroy());
        return;
      }
      res.end(answer?.body ?? '{}');
      return;
    }
    const script = this.watches.shift() ?? { lines: [], end: 'hold' };
    res.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' });
    for (const line of script.lines) res.write(`${line}\n`);
    if (script.endlessLine !== undefined) writeEndlessLine(res, script.endlessLine);
    if (script.end === 'close') res.end();
    else {
      this.open.add(res);
      res.on('close', () => this.open.delete(res));
    }
  }
}

/** Writes `bytes` bytes of `{"type":"ADDED","object":{"data":"xxx…` as the client reads them. */
function writeEndlessLine(res: ServerResponse, bytes: number): void {
  const chunk = 'x'.repeat(64 * 1024);
  let left = bytes;
  const more = (): void => {
    while (left > 0 && !res.destroyed) {
      left -= chunk.length;
      if (!res.write(chunk)) return void res.once('drain', more);
    }
  };
  res.write('{"type":"ADDED","object":{"data":"');
  more();
}

/** A pod as the scripted lists and events carry it. */
export function pod(name: string, rv: string, extra: Record<string, unknown> = {}): object {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'a', resourceVersion: rv },
    ...extra,
  };
}

/** A `PodList` body. */
export function podList(rv: string, items: readonly object[], kind = 'PodList'): ListAnswer {
  return {
    body: JSON.stringify({ kind, apiVersion: 'v1', metadata: { resourceVersion: rv }, items }),
  };
}

/** A watch event line. */
export function event(type: string, object: object): string {
  return JSON.stringify({ type, object });
}
