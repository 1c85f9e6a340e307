/**
 * What a reconcile returns when it did not fail (controller-runtime's `reconcile.Result`):
 *
 * - nothing (`undefined`) or `{}`: done. The key's retry count is reset.
 * - `{ requeueAfter: ms }`: done for now, look again after `ms` milliseconds (polling an
 *   external system, a certificate to renew…). The retry count is reset.
 * - `{ requeue: true }`: not done, try again with the rate limiter's backoff, without calling
 *   it an error.
 *
 * To fail, throw (or reject): the key is retried with the rate limiter's backoff, unless the
 * error is a {@link TerminalError}.
 */
export type ReconcileResult =
  void | undefined | { readonly requeue?: boolean; readonly requeueAfter?: number };

/**
 * A failure that retrying cannot fix (invalid user input, an object the operator must not
 * touch): reported as an outcome but not requeued. A later event for the key reconciles it
 * again. controller-runtime's `reconcile.TerminalError`.
 */
export class TerminalError extends Error {
  /**
   * @param message - what is wrong
   * @param options - the underlying `cause`, if any
   */
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TerminalError';
  }
}
