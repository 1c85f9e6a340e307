import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { RelayStageError } from './relayStageError.js';
import type { UpstreamBreak } from './upstreamBreak.js';

/** Bounds and behaviour of a {@link BodyRelay}. */
export interface BodyRelayOptions {
  /** The bound on the client's response buffer, in bytes. */
  readonly maxBufferedBytes: number;
  /** What a break of the API server's answer does to the client's (see {@link UpstreamBreak}). */
  readonly onUpstreamBreak: UpstreamBreak;
  /**
   * The bytes held between the API server's socket and the relay: the answer's buffer and every
   * stage's (redaction, credential removal). Default: the relayed stream's read buffer alone,
   * right when the answer is relayed as it is.
   */
  readonly heldBytes?: () => number;
}

/** What one relayed answer holds in memory for its client. */
export interface RelayLoad {
  /** Bytes written to the client's response and not yet taken by its socket. */
  readonly bufferedBytes: number;
  /** The most {@link RelayLoad.bufferedBytes} ever was, right after a write. */
  readonly peakBufferedBytes: number;
  /** The largest chunk read from the API server. */
  readonly largestChunkBytes: number;
  /**
   * Bytes read from the API server's socket and not yet relayed: in the answer's buffer and in
   * every stage between it and the client (a value the redaction holds until it completes).
   */
  readonly upstreamBufferedBytes: number;
  /** Whether reading from the API server is paused now. */
  readonly paused: boolean;
  /** How many times reading from the API server was paused. */
  readonly pauses: number;
}

/**
 * Relays the body of an API server's answer to a client as it comes, chunk by chunk (a watch's
 * events as they happen, a long list without holding it whole), honouring backpressure: once
 * the client's response buffers `maxBufferedBytes` (or its socket's high-water mark, if that is
 * larger), reading from the API server pauses until the client's socket drains. TCP flow
 * control then holds the API server back; the proxy never holds more than the bound plus a
 * chunk for the client, and its upstream socket's own buffer.
 *
 * Either side ending ends the other: the API server's end ends the response; its failure
 * (reset mid-stream) ends the response or cuts the client's connection, as the options say
 * (see {@link UpstreamBreak}); a failure of a stage between them (a `RelayStageError`: the
 * redaction, the credential removal) always cuts it; the client leaving destroys the upstream answer (the caller
 * aborts its request).
 */
export class BodyRelay {
  private peak = 0;
  private largestChunk = 0;
  private pauseCount = 0;
  /** True from a pause until the next `drain`; set only after a write that returned false. */
  private waiting = false;
  private readonly maxBufferedBytes: number;
  private readonly heldBytes: () => number;

  /**
   * @param upstream - the API server's answer's body (or that body redacted), headers
   *   already relayed
   * @param response - the client's response, head written
   * @param options - the buffer bound, what a break does
   */
  constructor(
    private readonly upstream: Readable,
    private readonly response: ServerResponse,
    options: BodyRelayOptions,
  ) {
    this.maxBufferedBytes = options.maxBufferedBytes;
    this.heldBytes = options.heldBytes ?? (() => upstream.readableLength);
    upstream.on('data', (chunk: Buffer) => this.relay(chunk));
    upstream.on('end', () => response.end());
    // Node emits `error` (`aborted`) on an answer whose connection closed before its end; a
    // failure of the proxy's own stages is no break of the answer, and always cuts.
    upstream.on('error', (err) =>
      options.onUpstreamBreak === 'end' && !(err instanceof RelayStageError)
        ? response.end()
        : response.destroy(),
    );
    response.on('drain', () => {
      if (!this.waiting) return;
      this.waiting = false;
      upstream.resume();
    });
    response.on('close', () => upstream.destroy());
  }

  /** @returns what it holds now, and its peaks */
  get load(): RelayLoad {
    return {
      bufferedBytes: this.response.writableLength,
      peakBufferedBytes: this.peak,
      largestChunkBytes: this.largestChunk,
      upstreamBufferedBytes: this.heldBytes(),
      paused: this.waiting,
      pauses: this.pauseCount,
    };
  }

  private relay(chunk: Buffer): void {
    const room = this.response.write(chunk);
    const buffered = this.response.writableLength;
    this.peak = Math.max(this.peak, buffered);
    this.largestChunk = Math.max(this.largestChunk, chunk.length);
    // A write that returned false guarantees a `drain`, so a pause never waits forever.
    if (!room && buffered >= this.maxBufferedBytes) {
      this.waiting = true;
      this.pauseCount += 1;
      this.upstream.pause();
    }
  }
}
