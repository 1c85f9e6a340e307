import { timerDelay } from './timerDelay.js';

/** Settings of a {@link Backoff}; every field has client-go's Reflector default. */
export interface BackoffOptions {
  /** First wait before jitter, ms. Default 800. */
  initialMs?: number;
  /** Largest wait before jitter, ms. Default 30,000. */
  maxMs?: number;
  /** Growth factor per step. Default 2. */
  factor?: number;
  /**
   * Jitter: each wait is drawn from `[d, d × (1 + jitter))`. Default 1, so waits fall in
   * `[d, 2d)`.
   */
  jitter?: number;
  /**
   * Start over from `initialMs` once this long has passed since the backoff was created or last
   * started over (client-go's `DelayWithReset`). Default 120,000.
   */
  resetAfterMs?: number;
  /**
   * The longest wait a server's `Retry-After` can impose, ms. A longer request is cut to this,
   * so a broken or hostile `Retry-After` neither parks the informer for days nor overflows a
   * timer. Default: the longest wait the backoff itself makes, `maxMs × (1 + jitter)` (60 s):
   * client-go's Reflector never waits longer than its backoff either.
   */
  maxRetryAfterMs?: number;
}

/**
 * Exponential backoff with jitter, the shape of client-go's Reflector backoff manager: waits of
 * 800 ms, 1.6 s, 3.2 s… up to 30 s (each stretched by up to 100 % of jitter), back to 800 ms
 * every two minutes.
 *
 * The two minutes run from the last start-over, not from the last wait, as in client-go's
 * `wait.Backoff.DelayWithReset` (which replaced `NewExponentialBackoffManager`, whose window ran
 * from the last wait): a failure that recurs more often than the window, such as a `410 Gone`
 * every minute, no longer keeps every wait at the 30–60 s cap, and a quiet period of two
 * minutes still starts over.
 *
 * Time and randomness are injected so that tests can drive it with virtual time.
 *
 * @example
 * ```ts
 * const backoff = new Backoff(() => scheduler.now(), Math.random);
 * timer(backoff.next(), scheduler).subscribe(retry);
 * ```
 */
export class Backoff {
  private readonly initialMs: number;
  private readonly maxMs: number;
  private readonly factor: number;
  private readonly jitter: number;
  private readonly resetAfterMs: number;
  private readonly maxRetryAfterMs: number;
  private current: number;
  /** When the growth last started over (or the backoff was created): the reset window's start. */
  private windowStart: number;

  /**
   * @param now - the clock, in ms (e.g. a scheduler's `now`)
   * @param random - uniform random numbers in [0, 1)
   * @param options - durations; client-go's defaults otherwise
   */
  constructor(
    private readonly now: () => number,
    private readonly random: () => number = Math.random,
    options: BackoffOptions = {},
  ) {
    this.initialMs = options.initialMs ?? 800;
    this.maxMs = options.maxMs ?? 30_000;
    this.factor = options.factor ?? 2;
    this.jitter = options.jitter ?? 1;
    this.resetAfterMs = options.resetAfterMs ?? 120_000;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? this.maxMs * (1 + this.jitter);
    this.current = this.initialMs;
    this.windowStart = now();
  }

  /**
   * Starts a wait and returns its length; the next call returns a longer one, unless
   * `resetAfterMs` has passed since the growth last started over.
   *
   * @param requestedMs - a wait the server asked for (`Retry-After`), honoured as a minimum up
   *   to `maxRetryAfterMs`
   * @returns the wait in ms, never more than a timer can take (`timerDelay`)
   */
  next(requestedMs?: number): number {
    const now = this.now();
    if (now - this.windowStart > this.resetAfterMs) {
      this.current = this.initialMs;
      this.windowStart = now;
    }
    const base = this.current;
    this.current = Math.min(this.current * this.factor, this.maxMs);
    const wait = Math.round(base + this.random() * this.jitter * base);
    const requested = Math.min(requestedMs ?? 0, this.maxRetryAfterMs);
    return timerDelay(Math.max(wait, requested));
  }

  /** Forgets the growth: the next wait is the initial one. */
  reset(): void {
    this.current = this.initialMs;
    this.windowStart = this.now();
  }
}
