/**
 * A plain `node:http` server that answers pod list and watch requests from bytes encoded in
 * advance ({@link WholeBodyData}), so that the bytes reach a client as fast as loopback carries
 * them and the server costs next to nothing per request:
 *
 * - every list GET of `/api/v1/pods` (whatever its `limit` or `resourceVersion`, as
 *   kube-apiserver's watch cache answers a `resourceVersion=0` list; never a `continue`) gets the
 *   whole list answer in one write, chunked (no Content-Length), as kube-apiserver's Go server
 *   sends a large body;
 * - a `watch=true` GET gets its headers at once and then the committed events after its
 *   `resourceVersion`, but only up to what its connection has been released to: the orchestrator
 *   holds a stream, then releases it while the client is timed, and the server writes every line
 *   as fast as the socket takes them (honouring `write()`'s return value and `drain`). A watch
 *   stays open once written;
 * - a streaming list (a watch with `sendInitialEvents`) is refused at once with 422, as by a
 *   kube-apiserver whose `WatchList` gate is off, so the informer's default costs one request.
 *
 * Each client gets a connection of its own — its own listening port — so the orchestrator can
 * release one client's stream at a time.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { isStreamingList, refuseStreamingList } from './streamingListRefusal.js';
import { answerStatus } from './statusAnswer.js';
import type { WholeBodyData } from './wholeBodyData.js';

/** The most bytes handed to one `write()` of a watch stream (whole lines, unless one is longer). */
const writeBytes = 64 * 1024;

/** One held watch stream. */
interface Watch {
  readonly res: ServerResponse;
  /** Next event line to write. */
  sent: number;
  closed: boolean;
  writing: boolean;
}

/** One client's listening port, its open sockets and watches. */
interface Connection {
  readonly server: Server;
  readonly sockets: Set<Socket>;
  readonly watches: Set<Watch>;
  /** Event lines its watches may be written up to (exclusive). */
  released: number;
}

const json = { 'content-type': 'application/json' };

/** See the module comment. */
export class WholeBodyServer {
  /** The bearer token clients send (not checked: every client is local and trusted). */
  readonly token = 'whole-body-bench';
  private readonly connections = new Map<number, Connection>();
  private nextId = 1;

  /** @param data - the list answer and the encoded events */
  constructor(readonly data: WholeBodyData) {}

  /** @returns a new connection's id and the URL its client should use */
  async connect(): Promise<{ id: number; url: string; token: string }> {
    const id = this.nextId++;
    const connection: Connection = {
      server: createServer((req, res) => this.answer(connection, req, res)),
      sockets: new Set(),
      watches: new Set(),
      released: this.data.committed,
    };
    connection.server.on('connection', (socket: Socket) => {
      connection.sockets.add(socket);
      socket.once('close', () => connection.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => connection.server.listen(0, '127.0.0.1', resolve));
    this.connections.set(id, connection);
    const { port } = connection.server.address() as AddressInfo;
    return { id, url: `http://127.0.0.1:${port}`, token: this.token };
  }

  /**
   * Lets the connection's watches carry every committed event, and starts writing them.
   *
   * @param id - a connection
   * @throws Error for an unknown connection
   */
  release(id: number): void {
    const connection = this.connection(id);
    connection.released = this.data.committed;
    for (const watch of connection.watches) void this.pump(connection, watch);
  }

  /**
   * @param id - a connection
   * @returns the bytes its watches have written that the sockets have not taken yet
   */
  bufferedBytes(id: number): number {
    let total = 0;
    for (const watch of this.connection(id).watches) total += watch.res.writableLength;
    return total;
  }

  /** Releases every connection (live events: each client sees them at once). */
  releaseAll(): void {
    for (const id of this.connections.keys()) this.release(id);
  }

  /** @param id - a connection to close, with its sockets */
  async disconnect(id: number): Promise<void> {
    const connection = this.connections.get(id);
    if (connection === undefined) return;
    this.connections.delete(id);
    const closed = new Promise<void>((resolve) => connection.server.close(() => resolve()));
    for (const socket of connection.sockets) socket.destroy();
    await closed;
  }

  /** Closes every connection. */
  async stop(): Promise<void> {
    await Promise.all([...this.connections.keys()].map((id) => this.disconnect(id)));
  }

  private connection(id: number): Connection {
    const connection = this.connections.get(id);
    if (connection === undefined) throw new Error(`no connection ${id}`);
    return connection;
  }

  private answer(connection: Connection, req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET') return answerStatus(res, 405, 'MethodNotAllowed');
    if (url.pathname === '/version') {
      res.writeHead(200, json);
      res.end(JSON.stringify({ major: '1', minor: '31', gitVersion: 'v1.31.0' }));
      return;
    }
    if (url.pathname !== '/api/v1/pods') return answerStatus(res, 404, 'NotFound');
    const watch = url.searchParams.get('watch');
    if (watch === 'true' || watch === '1') {
      if (isStreamingList(url)) return refuseStreamingList(res);
      return this.watch(connection, url, res);
    }
    // One write of the whole body, chunked (no Content-Length), as kube-apiserver sends it.
    res.writeHead(200, { ...json, 'transfer-encoding': 'chunked' });
    res.end(this.data.list);
  }

  private watch(connection: Connection, url: URL, res: ServerResponse): void {
    const from = Number(url.searchParams.get('resourceVersion') ?? '0');
    const watch: Watch = {
      res,
      // Events after the requested version; a version before the list's (or none) gets them all.
      sent: Number.isFinite(from) ? Math.max(0, from - this.data.listVersion) : 0,
      closed: false,
      writing: false,
    };
    res.writeHead(200, { ...json, 'transfer-encoding': 'chunked' });
    res.flushHeaders();
    connection.watches.add(watch);
    res.once('close', () => {
      watch.closed = true;
      connection.watches.delete(watch);
    });
    void this.pump(connection, watch);
  }

  /** Writes what the watch may carry, as fast as the socket takes it. */
  private async pump(connection: Connection, watch: Watch): Promise<void> {
    if (watch.writing) return;
    watch.writing = true;
    try {
      while (!watch.closed && watch.sent < connection.released) {
        const end = this.data.linesEnd(watch.sent, connection.released, writeBytes);
        const flowing = watch.res.write(this.data.lineBytes(watch.sent, end));
        watch.sent = end;
        if (!flowing) await drained(watch.res);
      }
    } finally {
      watch.writing = false;
    }
  }
}

/** @returns a promise settled when `res` can take more, or has closed */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}
