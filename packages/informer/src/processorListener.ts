import { ItemFifo, noopMetrics, type Gauge } from '@rxkube/queue';
import type { InformerEvent } from './eventHandler.js';

/** How many events a listener delivers before yielding to other work. */
const deliveryBatch = 64;

/**
 * One handler's private buffer and delivery loop (client-go's `processorListener`). Events are
 * appended synchronously as the informer processes them and delivered asynchronously, one at a
 * time and in order: a handler returning a promise receives its next event only once it has
 * settled, and it never holds up the cache or the other handlers. The buffer is unbounded, so
 * nothing is ever dropped or reordered.
 *
 * @typeParam T - the object type
 * @internal
 */
export class ProcessorListener<T> {
  private readonly buffer = new ItemFifo<InformerEvent<T>>();
  private running = false;
  private removed = false;
  private initialPending = 0;
  /** Events delivered so far (for metrics). */
  delivered = 0;
  /** Events whose handler threw or rejected (for metrics). */
  failed = 0;

  /**
   * @param name - for errors and metrics
   * @param deliver - hands one event to the user's code; may return a promise to wait for
   * @param resyncPeriod - ms between resyncs for this handler; 0 for none
   * @param onFailure - reports a handler failure
   * @param backlog - follows the number of buffered events
   */
  constructor(
    readonly name: string,
    private readonly deliver: (event: InformerEvent<T>) => unknown,
    readonly resyncPeriod: number,
    private readonly onFailure: (event: InformerEvent<T>, error: unknown) => void,
    private readonly backlog: Gauge = noopMetrics.gauge({ name: '', help: '', labels: {} }),
  ) {}

  /** @returns events buffered and not yet delivered */
  get buffered(): number {
    return this.buffer.length;
  }

  /** @returns whether every initial-list event queued so far has been handled */
  initialListHandled(): boolean {
    return this.initialPending === 0;
  }

  /**
   * Queues an event for delivery.
   *
   * @param event - the event
   */
  add(event: InformerEvent<T>): void {
    if (this.removed) return;
    if (event.isInInitialList) this.initialPending++;
    this.buffer.push(event);
    this.backlog.set(this.buffer.length);
    if (!this.running) {
      this.running = true;
      queueMicrotask(() => void this.drain());
    }
  }

  /** Stops delivery and drops what is buffered. */
  remove(): void {
    this.removed = true;
    this.buffer.clear();
    this.backlog.set(0);
    this.initialPending = 0;
  }

  private async drain(): Promise<void> {
    let sinceYield = 0;
    for (
      let event = this.buffer.shift();
      event !== undefined && !this.removed;
      event = this.buffer.shift()
    ) {
      this.backlog.set(this.buffer.length);
      try {
        const result = this.deliver(event);
        if (isPromiseLike(result)) await result;
      } catch (err) {
        this.failed++;
        this.onFailure(event, err);
      }
      this.delivered++;
      if (event.isInInitialList) this.initialPending--;
      if (++sinceYield >= deliveryBatch) {
        sinceYield = 0;
        await Promise.resolve();
      }
    }
    this.running = false;
  }
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';
}
