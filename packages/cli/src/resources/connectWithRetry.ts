import { Backoff } from '@rxkube/informer/reflector';
import { CliError } from '../errors/cliError.js';
import { ExitCode } from '../errors/exitCodes.js';
import { displayUrl } from '../view/displayUrl.js';
import { ConnectionFailure, HttpFailure } from './kubeGet.js';

/** A failed attempt, as shown to the user while retrying. */
interface RetryNotice {
  /** Attempts made so far. */
  readonly attempt: number;
  /** Wait before the next one (ms). */
  readonly delayMs: number;
  /** Why the last one failed, e.g. `ECONNREFUSED`. */
  readonly reason: string;
}

/** Options of {@link connectWithRetry}. */
interface ConnectRetryOptions {
  /** The API server URL, for messages (shown without its user information). */
  server: string;
  /** Give up after this long (ms); 0 retries until aborted. */
  timeoutMs: number;
  /** Told about every retry, so the wait is visible. */
  onRetry: (notice: RetryNotice) => void;
  /** Stops waiting (Ctrl-C). */
  signal: AbortSignal;
}

/**
 * Runs a first request against the cluster, retrying with client-go's backoff (0.8 s doubling
 * to 30 s, jittered) while the cluster cannot be reached or answers 5xx, and turning refusals
 * into the errors users should see.
 *
 * @param request - the request, e.g. discovery
 * @param options - timeout, retry notices, abort signal
 * @returns what the request returned
 * @throws CliError: exit code 6 when the timeout passes, 5 for 401/403
 */
export async function connectWithRetry<R>(
  request: () => Promise<R>,
  options: ConnectRetryOptions,
): Promise<R> {
  const backoff = new Backoff(() => Date.now());
  const started = Date.now();
  const server = displayUrl(options.server);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await request();
    } catch (err) {
      if (err instanceof HttpFailure && (err.status === 401 || err.status === 403)) {
        throw new CliError(
          `${err.status === 401 ? 'unauthorized' : 'forbidden'}: the cluster at ${server} refused discovery (${err.status}): ${err.message}`,
          ExitCode.forbidden,
          'check the credentials of the kubeconfig context',
        );
      }
      const retryable =
        err instanceof ConnectionFailure || (err instanceof HttpFailure && err.status >= 500);
      if (!retryable) throw err;
      const reason = displayUrl(
        err instanceof HttpFailure ? `HTTP ${err.status}: ${err.message}` : err.message,
      );
      const delayMs = backoff.next();
      const elapsed = Date.now() - started;
      if (options.timeoutMs > 0 && elapsed + delayMs > options.timeoutMs) {
        throw new CliError(
          `cannot reach the cluster at ${server}: ${reason} (gave up after ${attempt} attempts in ${Math.round(elapsed / 1000)}s)`,
          ExitCode.unreachable,
          'check that the cluster is running and reachable, or raise --connect-timeout',
        );
      }
      options.onRetry({ attempt, delayMs, reason });
      await sleep(delayMs, options.signal);
      if (options.signal.aborted) throw options.signal.reason;
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
