import type { ServerResponse } from 'node:http';
import type { KubeObject, Status } from '../api/types.js';
import type { FaultInjector } from '../faults/faultInjector.js';
import type { StreamFault, StreamFaultKind } from '../faults/faultKinds.js';
import type { ResourceDefinition } from '../registry/resourceDefinition.js';
import { bookmarkObject } from './bookmark.js';
import type { ResourceVersionFormat } from '../storage/resourceVersionFormat.js';
import type { ObjectEventType } from './watchLine.js';
import { watchEventLine } from './watchLine.js';

/** How one watch stream behaves. */
export interface WatchStreamOptions {
  /** The watched resource (for bookmark objects). */
  readonly def: ResourceDefinition;
  /** Whether the client sent `allowWatchBookmarks=true`. */
  readonly allowBookmarks: boolean;
  /** When the server ends the stream cleanly. */
  readonly timeoutMs: number;
  /** Period of regular bookmarks. */
  readonly bookmarkIntervalMs: number;
  /** How long before the deadline the last bookmark goes out. */
  readonly bookmarkLeadMs: number;
  /** A fault armed for this stream, if any. */
  readonly fault: StreamFault | undefined;
  /** Where faults are drawn and counted. */
  readonly faults: FaultInjector;
  /** The resourceVersion the watch starts at (what a bookmark reports before any event). */
  readonly startRevision: number;
  /** How revisions are written as resourceVersions (bookmarks). */
  readonly resourceVersions: ResourceVersionFormat;
  /**
   * For a watch that asked for `as=PartialObjectMetadata`: the `apiVersion` of the metadata-only
   * objects its events and bookmarks carry. Undefined: whole objects.
   */
  readonly metadataOnly?: string | undefined;
  /** The `Content-Type` of the answer. Default `application/json`. */
  readonly contentType?: string | undefined;
}

/**
 * One open watch response: writes one JSON event per line, sends bookmarks on its own schedule,
 * ends cleanly at its deadline, and applies the stream faults armed for it.
 */
export class WatchStream {
  private progress: number;
  private sent = 0;
  private stalled = false;
  private ended = false;
  /** Data written in this turn of the event loop, sent together at its end. */
  private pending: Buffer[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly closeListeners: Array<() => void> = [];

  /**
   * @param res - the HTTP response to stream into.
   * @param options - timing, bookmarks and faults.
   */
  constructor(
    private readonly res: ServerResponse,
    private readonly options: WatchStreamOptions,
  ) {
    this.progress = options.startRevision;
    res.on('close', () => this.finish());
  }

  /**
   * The watched resource.
   *
   * @returns its definition.
   */
  get def(): ResourceDefinition {
    return this.options.def;
  }

  /**
   * Whether the stream has ended (by either side).
   *
   * @returns true once closed.
   */
  get closed(): boolean {
    return this.ended;
  }

  /**
   * Calls `listener` once when the stream ends, however it ends.
   *
   * @param listener - the callback.
   */
  onClose(listener: () => void): void {
    if (this.ended) listener();
    else this.closeListeners.push(listener);
  }

  /** Sends the 200 and headers at once, as kube-apiserver does when a watch is registered. */
  open(): void {
    this.res.writeHead(200, {
      'Content-Type': this.options.contentType ?? 'application/json',
      'Cache-Control': 'no-cache, private',
      'Transfer-Encoding': 'chunked',
    });
    this.res.flushHeaders();
  }

  /** Starts the deadline and bookmark timers, and fires a fault armed for "after 0 events". */
  start(): void {
    const { timeoutMs, allowBookmarks, bookmarkIntervalMs, bookmarkLeadMs } = this.options;
    this.timers.push(setTimeout(() => this.close(), timeoutMs));
    if (allowBookmarks) {
      this.timers.push(setInterval(() => this.bookmark(), bookmarkIntervalMs));
      if (timeoutMs > bookmarkLeadMs) {
        this.timers.push(setTimeout(() => this.bookmark(), timeoutMs - bookmarkLeadMs));
      }
    }
    this.checkArmedFault();
  }

  /**
   * Records that the store has reached `rv` (whether or not this watcher saw an event), so a
   * later bookmark can report it.
   *
   * @param rv - the resourceVersion every matching event up to which has been sent.
   */
  advance(rv: number): void {
    if (rv > this.progress) this.progress = rv;
  }

  /**
   * Sends an object event.
   *
   * @param type - ADDED, MODIFIED or DELETED.
   * @param object - the object (with kind and apiVersion); a stored object, never mutated.
   */
  send(type: ObjectEventType, object: KubeObject): void {
    if (this.ended || this.stalled) return;
    const line = watchEventLine(type, object, this.options.metadataOnly);
    const armed = this.options.fault;
    const kind: StreamFaultKind | undefined =
      armed !== undefined && armed.afterEvents === this.sent
        ? armed.kind
        : this.options.faults.drawRandomStreamFault();
    if (kind === 'rawLine') {
      this.options.faults.record(kind);
      this.write(`${armed?.line ?? ''}\n`);
    } else if (kind !== undefined && this.applyFault(kind, line.text())) return;
    this.write(line.bytes);
    this.sent += 1;
    this.checkArmedFault();
  }

  /**
   * Sends a bookmark at the current progress (only if the client allowed bookmarks).
   *
   * @param initialEventsEnd - whether this bookmark ends a streaming list's initial events.
   */
  bookmark(initialEventsEnd = false): void {
    if (this.ended || this.stalled || !this.options.allowBookmarks) return;
    const object = bookmarkObject(
      this.options.def,
      this.options.resourceVersions.format(this.progress),
      initialEventsEnd,
      this.options.metadataOnly,
    );
    this.write(`${JSON.stringify({ type: 'BOOKMARK', object })}\n`);
  }

  /**
   * Sends an ERROR event carrying a Status and ends the stream.
   *
   * @param status - the Status.
   */
  fail(status: Status): void {
    if (this.ended) return;
    this.write(`${JSON.stringify({ type: 'ERROR', object: status })}\n`);
    this.close();
  }

  /** Ends the stream cleanly (final empty chunk): the client sees a normal EOF. */
  close(): void {
    if (this.ended) return;
    this.flush();
    this.res.end();
    this.finish();
  }

  // Returns true when the event must not be written normally.
  private applyFault(kind: StreamFaultKind, line: string): boolean {
    this.options.faults.record(kind);
    switch (kind) {
      case 'closeWatch':
        this.close();
        return true;
      case 'stallWatch':
        this.stall();
        return true;
      case 'malformedLine':
        this.write('{"type":"MODIFIED","object":{"kind":\n');
        return false;
      case 'rawLine':
        // Written by `send`, which has the armed line; never drawn at random.
        return false;
      case 'resetConnection': {
        this.write(line.slice(0, Math.max(1, Math.floor(line.length / 2))));
        const socket = this.res.socket;
        // Reset once the half line is on the wire, so the client really sees a cut line.
        setImmediate(() => {
          if (
            socket !== null &&
            typeof socket.resetAndDestroy === 'function' &&
            !socket.destroyed
          ) {
            try {
              socket.resetAndDestroy();
              return;
            } catch {
              // TLS sockets cannot always send a RST; a plain destroy still cuts the stream.
            }
          }
          socket?.destroy();
        });
        this.finish();
        return true;
      }
    }
  }

  /**
   * Queues `data`. Everything written in one turn of the event loop (a burst of writes, a
   * transaction) leaves as one chunk of the response rather than one chunk per event: the
   * client sees the same bytes in fewer, larger pieces, as from a real apiserver under load,
   * and the server (and anything between it and the client) keeps up with bursts.
   */
  private write(data: Buffer | string): void {
    if (this.pending.length === 0) process.nextTick(() => this.flush());
    this.pending.push(typeof data === 'string' ? Buffer.from(data) : data);
  }

  /** Sends what {@link write} queued, unless the response is gone. */
  private flush(): void {
    const pending = this.pending;
    if (pending.length === 0) return;
    this.pending = [];
    if (this.res.destroyed || this.res.writableEnded) return;
    this.res.write(pending.length === 1 ? (pending[0] as Buffer) : joinShared(pending));
  }

  private checkArmedFault(): void {
    const armed = this.options.fault;
    if (armed === undefined || armed.afterEvents !== this.sent || this.ended || this.stalled)
      return;
    if (armed.kind === 'closeWatch') this.applyFault('closeWatch', '');
    else if (armed.kind === 'stallWatch') this.applyFault('stallWatch', '');
  }

  private stall(): void {
    this.stalled = true;
    // A stalled stream keeps its socket but never writes or closes on its own again.
    for (const timer of this.timers) clearTimeout(timer);
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.length = 0;
    for (const listener of this.closeListeners.splice(0)) listener();
  }
}

// Every watcher of a resource queues the same shared line buffers in the same turn, so the
// first stream to flush joins them and the others reuse that chunk: a burst to many watchers
// copies its bytes once instead of once per watcher. Forgotten at the end of the turn.
let lastJoined: { readonly parts: readonly Buffer[]; readonly joined: Buffer } | undefined;

function joinShared(parts: readonly Buffer[]): Buffer {
  const last = lastJoined;
  if (last !== undefined && sameParts(last.parts, parts)) return last.joined;
  const joined = Buffer.concat(parts);
  if (last === undefined) process.nextTick(() => (lastJoined = undefined));
  lastJoined = { parts, joined };
  return joined;
}

function sameParts(a: readonly Buffer[], b: readonly Buffer[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
