import type { ReconcileRequest } from './reconcileRequest.js';

/**
 * How one reconcile ended:
 *
 * - `success`: done; the key's retries were reset.
 * - `requeueAfter`: done for now; reconciled again after `requeueAfter` ms.
 * - `requeue`: asked to be retried; requeued with the rate limiter's backoff.
 * - `error`: threw or rejected; requeued with the rate limiter's backoff.
 * - `terminalError`: threw a `TerminalError`; not requeued, retries reset.
 */
export type ReconcileOutcomeKind =
  'success' | 'requeueAfter' | 'requeue' | 'error' | 'terminalError';

/** One finished reconcile, as reported by a controller's `outcomes$`. */
export interface ReconcileOutcome {
  /** The controller's name. */
  readonly controller: string;
  /** What was reconciled. */
  readonly request: ReconcileRequest;
  /** Whether the object was absent from the cache (deleted) when the reconcile started. */
  readonly deleted: boolean;
  /** How it ended. */
  readonly result: ReconcileOutcomeKind;
  /** The error, for `error` and `terminalError`. */
  readonly error?: unknown;
  /**
   * When the key comes back, in milliseconds from the end of this reconcile: the requested
   * delay or the rate limiter's backoff. Absent when not requeued (or the controller was
   * shutting down).
   */
  readonly requeueAfter?: number;
  /** How many times the key had been requeued by the rate limiter before this attempt. */
  readonly retries: number;
  /** When the reconcile started, on the controller's scheduler clock (ms). */
  readonly startedAt: number;
  /** How long it took (ms, on the controller's scheduler clock). */
  readonly durationMs: number;
}
