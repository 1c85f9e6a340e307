import type { InformerErrorKind } from './errors.js';

/** One handler's delivery figures. */
export interface HandlerMetrics {
  readonly name: string;
  /** Events waiting in its buffer. */
  readonly buffered: number;
  /** Events delivered so far. */
  readonly delivered: number;
  /** Deliveries that threw or rejected. */
  readonly failed: number;
}

/** A snapshot of an informer's counters. */
export interface InformerMetrics {
  /** Lists completed (including streaming lists). */
  readonly lists: number;
  /** Lists after the first one. */
  readonly relists: number;
  /** Watches opened. */
  readonly watches: number;
  /** Watch events received, bookmarks included. */
  readonly events: number;
  /** Bookmarks received. */
  readonly bookmarks: number;
  /** Resyncs requested by handlers. */
  readonly resyncs: number;
  /** Errors reported, by kind. */
  readonly errors: Readonly<Partial<Record<InformerErrorKind, number>>>;
  /** The last resource version the reflector saw. */
  readonly lastResourceVersion: string;
  /** What waits in the queue: changes with a `RealFIFO` (`fifo: 'real'`), keys with a `DeltaFIFO`. */
  readonly fifoDepth: number;
  /** Objects in the cache. */
  readonly cached: number;
  /** Per-handler figures. */
  readonly handlers: readonly HandlerMetrics[];
}

/**
 * The counters an informer keeps. Plain numbers, updated synchronously; read them through
 * `informer.metrics()`.
 *
 * @internal
 */
export class MetricsCounters {
  lists = 0;
  watches = 0;
  events = 0;
  bookmarks = 0;
  readonly errors: Partial<Record<InformerErrorKind, number>> = {};

  /** Counts a completed list. */
  listed(): void {
    this.lists++;
  }

  /** Counts an opened watch. */
  watching(): void {
    this.watches++;
  }

  /** @param type - the watch event type received */
  event(type: string): void {
    this.events++;
    if (type === 'BOOKMARK') this.bookmarks++;
  }

  /** @param kind - the kind of error reported */
  error(kind: InformerErrorKind): void {
    this.errors[kind] = (this.errors[kind] ?? 0) + 1;
  }
}
