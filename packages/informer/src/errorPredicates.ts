import { ApiError, ConnectionError } from './errors.js';

/**
 * Whether the server said the requested resource version is gone (410 `Expired`/`Gone`), the
 * signal to relist.
 *
 * @param err - any error
 * @returns true for a 410 or an `Expired`/`Gone` reason
 */
export function isExpired(err: unknown): boolean {
  return (
    err instanceof ApiError &&
    (err.code === 410 || err.reason === 'Expired' || err.reason === 'Gone')
  );
}

/**
 * Whether the server has not reached the requested resource version yet (504 `Timeout` with
 * cause `ResourceVersionTooLarge`, or older servers' message text).
 *
 * @param err - any error
 * @returns true for a "too large resource version" answer
 */
export function isTooLargeResourceVersion(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  const causes = err.status?.details?.causes ?? [];
  if (causes.some((cause) => cause.reason === 'ResourceVersionTooLarge')) return true;
  return err.code === 504 && /too large resource version/i.test(err.status?.message ?? '');
}

/**
 * @param err - any error
 * @returns whether the server asked the client to slow down (429)
 */
export function isTooManyRequests(err: unknown): boolean {
  return err instanceof ApiError && (err.code === 429 || err.reason === 'TooManyRequests');
}

/**
 * @param err - any error
 * @returns whether the server rejected the request's options (422 `Invalid` or 400)
 */
export function isRejectedRequest(err: unknown): boolean {
  return err instanceof ApiError && (err.code === 422 || err.code === 400);
}

/**
 * @param err - any error
 * @returns whether the request never reached the server
 */
export function isConnectionFailure(err: unknown): boolean {
  return err instanceof ConnectionError;
}

/**
 * The wait the server asked for, in milliseconds.
 *
 * @param err - any error
 * @returns `Retry-After` in ms, or `undefined` when the error carries none
 */
export function retryAfterMs(err: unknown): number | undefined {
  if (!(err instanceof ApiError) || err.retryAfterSeconds === undefined) return undefined;
  return err.retryAfterSeconds > 0 ? err.retryAfterSeconds * 1000 : undefined;
}
