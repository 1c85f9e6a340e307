import type { ServerResponse } from 'node:http';
import { FeedBacklog } from './feedBacklog.js';
import type { FeedMessage } from './feedProtocol.js';

/** Options of an {@link SseStream}: its pace and what a slow reader may cost. */
export interface SseStreamOptions {
  /** Time between keep-alive comments (ms). Default 15,000. */
  heartbeatMs?: number;
  /**
   * Bytes the response may buffer in the process before messages are held back and coalesced
   * (see {@link FeedBacklog}). Default 1 MiB: a browser that reads keeps far below it, so it
   * gets every change as it happens.
   */
  maxBufferedBytes?: number;
  /**
   * Messages a held-back browser may have waiting before it is disconnected (it reconnects
   * with its `Last-Event-ID` and is brought up to date from the history or a snapshot). The
   * backlog has one entry per key, so only deletions of ever new names make it grow past the
   * number of objects. Default 50,000.
   */
  maxBacklog?: number;
}

/** What one stream holds in memory for its browser. */
export interface SseBacklog {
  /** Bytes written to the response and not yet taken by the socket. */
  readonly bufferedBytes: number;
  /** Messages held back (coalesced), not yet written. */
  readonly pendingMessages: number;
}

/**
 * Writes feed messages to an HTTP response as Server-Sent Events: `id` for snapshots and
 * changes (what the browser sends back as `Last-Event-ID`), `event` for the type, one line of
 * JSON `data`. Starts with a `retry` hint and keeps the link alive with comments.
 *
 * It honours backpressure: once the response buffers `maxBufferedBytes`, messages wait in a
 * {@link FeedBacklog} (coalesced per key) until the socket drains, and a browser whose backlog
 * passes `maxBacklog` is disconnected. A browser that does not read thus costs bounded memory,
 * and never holds back the others (each stream has its own backlog).
 */
export class SseStream {
  private readonly heartbeat: NodeJS.Timeout;
  private readonly backlog = new FeedBacklog();
  private readonly maxBufferedBytes: number;
  private readonly maxBacklog: number;
  /** True from a write that left more than `maxBufferedBytes` buffered until the next `drain`. */
  private congested = false;
  private overflowed = false;

  /**
   * @param response - the response, headers not yet sent
   * @param options - heartbeat and memory bounds
   * @param onOverflow - called once when the backlog passes its bound, before the response is
   *   destroyed
   */
  constructor(
    private readonly response: ServerResponse,
    options: SseStreamOptions = {},
    private readonly onOverflow: () => void = () => {},
  ) {
    this.maxBufferedBytes = options.maxBufferedBytes ?? 1024 * 1024;
    this.maxBacklog = options.maxBacklog ?? 50_000;
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    response.write('retry: 1000\n\n');
    response.on('drain', () => this.flush());
    // A stream too far behind to take a message needs no keep-alive either.
    this.heartbeat = setInterval(() => {
      if (!this.congested) response.write(': keep-alive\n\n');
    }, options.heartbeatMs ?? 15_000);
  }

  /** @returns what the stream holds for its browser now */
  get load(): SseBacklog {
    return { bufferedBytes: this.response.writableLength, pendingMessages: this.backlog.size };
  }

  /** @param message - the message to send */
  send(message: FeedMessage): void {
    if (this.overflowed) return;
    if (!this.congested) {
      this.write(message);
      return;
    }
    this.backlog.add(message);
    if (this.backlog.size > this.maxBacklog) {
      this.overflowed = true;
      this.close();
      this.onOverflow();
      this.response.destroy();
    }
  }

  /** Stops the keep-alive (the response is ended or destroyed by its owner). */
  close(): void {
    clearInterval(this.heartbeat);
  }

  private write(message: FeedMessage): void {
    const id = message.type === 'status' ? '' : `id: ${message.id}\n`;
    const { type, ...data } = message;
    const accepted = this.response.write(`${id}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
    // `drain` follows only a write that returned false: congestion waits for it.
    if (!accepted && this.response.writableLength >= this.maxBufferedBytes) this.congested = true;
  }

  private flush(): void {
    this.congested = false;
    for (let next = this.backlog.shift(); next !== undefined; next = this.backlog.shift()) {
      this.write(next);
      if (this.congested) return;
    }
  }
}
