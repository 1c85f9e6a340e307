import type { ClientObservation } from '../faults/faultDriver.js';
import type { CacheState, EventLog } from './eventLog.js';

/** One informer library's informers in a scenario, as the checks see them. */
export interface ClientUnderTest {
  /** The library, for reports. */
  readonly name: string;
  /** Each informer's cache now (key → resourceVersion), in variant order. */
  caches(): CacheState[];
  /** Each informer's handler logs (fast, slow), in variant order. */
  readonly logs: readonly (readonly EventLog[])[];
  /** Typed errors and requests, when the library reports them. */
  readonly observation: ClientObservation | undefined;
  /** Whether every handler has received everything the informer has processed. */
  drained(): boolean;
  /** One line per informer on its state (counters, queue depth, buffers), for diagnosis. */
  details?(): string[];
  /** Reported errors by type (e.g. `api 410`, `stream`), for the summary. */
  errorTally(): Record<string, number>;
  /** Stops every informer. */
  stop(): Promise<void>;
}

/**
 * The slow handler's pace: every event yields to the event loop once, and one in 50 waits a
 * millisecond, so its buffer really fills up under churn.
 *
 * @param serial - the event's position.
 * @returns a promise settling when the handler is done.
 */
export function slowHandlerPause(serial: number): Promise<void> {
  return new Promise((resolve) =>
    serial % 50 === 0 ? setTimeout(resolve, 1) : setImmediate(resolve),
  );
}
