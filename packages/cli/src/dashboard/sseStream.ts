import type { ServerResponse } from 'node:http';
import { FeedBacklog } from './feedBacklog.js';
import type { FeedMessage } from './feedProtocol.js';
import { SseEncoder } from './sseEncoder.js';

/**
 * Least piece of a message written at once: a message larger than the room left under the
 * bound (a snapshot) goes out in pieces of at least this much as the socket drains. It is the
 * socket's own high-water mark, so a piece fills what the kernel takes in one go.
 */
export const minimumPieceBytes = 16 * 1024;

/** Options of an {@link SseStream}: its pace and what a slow reader may cost. */
export interface SseStreamOptions {
  /** Time between keep-alive comments (ms). Default 15,000. */
  heartbeatMs?: number;
  /**
   * Bytes the response may buffer in the process before messages are held back and coalesced
   * (see {@link FeedBacklog}); a larger message (a snapshot) is written in pieces as the socket
   * drains. The response never buffers more than this plus {@link minimumPieceBytes} (or the
   * socket's high-water mark, if larger). Default 256 KiB: a browser that reads keeps far
   * below it, so it gets every change as it happens.
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
  /**
   * Bytes of a message partly written, waiting for the socket to drain: the rest of a
   * snapshot, whose bytes are shared by every connection that sends the same one.
   */
  readonly unsentBytes: number;
}

/**
 * Writes feed messages to an HTTP response as Server-Sent Events: `id` for snapshots and
 * changes (what the browser sends back as `Last-Event-ID`), `event` for the type, one line of
 * JSON `data`. Starts with a `retry` hint and keeps the link alive with comments.
 *
 * It honours backpressure: a message is written only as far as the response has room under
 * `maxBufferedBytes` (the rest when the socket drains), and while it waits, further messages wait
 * in a {@link FeedBacklog} (coalesced per key); a browser whose backlog passes `maxBacklog` is
 * disconnected. A browser that does not read thus costs bounded memory, and never holds back
 * the others (each stream has its own backlog).
 */
export class SseStream {
  private readonly heartbeat: NodeJS.Timeout;
  private readonly backlog = new FeedBacklog();
  private readonly maxBufferedBytes: number;
  private readonly maxBacklog: number;
  /**
   * True from a write that left `maxBufferedBytes` or more buffered until the next `drain`.
   * Invariant: `unsent` is set only while congested, so pieces of one message are never
   * interleaved with another's.
   */
  private congested = false;
  private overflowed = false;
  /** The message being written, and how far: its remaining bytes go out at the next `drain`. */
  private unsent: { readonly bytes: Buffer; readonly offset: number } | undefined;

  /**
   * @param response - the response, headers not yet sent
   * @param options - heartbeat and memory bounds
   * @param onOverflow - called once when the backlog passes its bound, before the response is
   *   destroyed
   * @param encoder - serialises messages; share one between streams to share their bytes
   */
  constructor(
    private readonly response: ServerResponse,
    options: SseStreamOptions = {},
    private readonly onOverflow: () => void = () => {},
    private readonly encoder: SseEncoder = new SseEncoder(),
  ) {
    this.maxBufferedBytes = options.maxBufferedBytes ?? 256 * 1024;
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
    return {
      bufferedBytes: this.response.writableLength,
      pendingMessages: this.backlog.size,
      unsentBytes: this.unsent === undefined ? 0 : this.unsent.bytes.length - this.unsent.offset,
    };
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

  /** Stops the keep-alive and lets go of what was not sent (the owner ends the response). */
  close(): void {
    clearInterval(this.heartbeat);
    this.unsent = undefined;
  }

  private write(message: FeedMessage): void {
    this.unsent = { bytes: this.encoder.encode(message), offset: 0 };
    this.pump();
  }

  /** Writes the unsent message as far as the room under the bound allows. */
  private pump(): void {
    while (this.unsent !== undefined) {
      const { bytes, offset } = this.unsent;
      const room = Math.max(
        this.maxBufferedBytes - this.response.writableLength,
        minimumPieceBytes,
      );
      const end = Math.min(bytes.length, offset + room);
      // A view, not a copy: the socket keeps a reference to the shared bytes until written.
      const piece = offset === 0 && end === bytes.length ? bytes : bytes.subarray(offset, end);
      this.unsent = end === bytes.length ? undefined : { bytes, offset: end };
      const accepted = this.response.write(piece);
      // `drain` follows only a write that returned false: congestion waits for it.
      if (!accepted && this.response.writableLength >= this.maxBufferedBytes) {
        this.congested = true;
        return;
      }
    }
  }

  private flush(): void {
    this.congested = false;
    this.pump();
    if (this.congested) return;
    for (let next = this.backlog.shift(); next !== undefined; next = this.backlog.shift()) {
      this.write(next);
      if (this.congested) return;
    }
  }
}
