/** How fast a {@link FeedOpenRate} lets new feeds open. */
export interface FeedOpenRateOptions {
  /** Feeds that may open at once after a quiet period (the bucket's size). Default 8. */
  readonly burst?: number;
  /** One more feed may open every this many ms (the refill). Default 3,000: 20 a minute. */
  readonly intervalMs?: number;
  /** The clock, in ms (injected in tests). Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * Thrown when a feed would have to be opened faster than its {@link FeedOpenRate} allows; the
 * server answers `503` with `Retry-After`, and the page retries.
 */
export class FeedOpenThrottled extends Error {
  override readonly name = 'FeedOpenThrottled';
  /** @param retryAfterSeconds - when the next feed may open, rounded up */
  constructor(readonly retryAfterSeconds: number) {
    super(`resources are being opened too fast; retry in ${retryAfterSeconds} s`);
  }
}

/**
 * A token bucket on opening feeds: each new feed is a cluster-wide list and watch, the most
 * expensive request a dashboard makes of the API server, so pages that walk many resources (a
 * script fetching `/api/objects/…` over every resource, or the eviction of idle feeds and
 * their reopening) may open `burst` at once and then one per `intervalMs`. A feed already open
 * costs nothing and is never limited. Unlike client-go's `BucketRateLimiter`, a refusal takes
 * no token: the request is turned away rather than queued, so it must not delay the next.
 */
export class FeedOpenRate {
  private readonly burst: number;
  private readonly intervalMs: number;
  private readonly now: () => number;
  private tokens: number;
  private last: number;

  /** @param options - burst, refill interval, clock */
  constructor(options: FeedOpenRateOptions = {}) {
    this.burst = options.burst ?? 8;
    this.intervalMs = options.intervalMs ?? 3_000;
    this.now = options.now ?? Date.now;
    if (!Number.isInteger(this.burst) || this.burst < 1) {
      throw new RangeError(`burst must be an integer ≥ 1, not ${this.burst}`);
    }
    if (!(this.intervalMs > 0)) {
      throw new RangeError(`intervalMs must be positive, not ${this.intervalMs}`);
    }
    this.tokens = this.burst;
    this.last = this.now();
  }

  /**
   * Takes a token for one new feed.
   *
   * @throws FeedOpenThrottled when none is left, with the time until the next
   */
  take(): void {
    const now = this.now();
    // A clock that went back adds nothing.
    this.tokens = Math.min(
      this.burst,
      this.tokens + Math.max(now - this.last, 0) / this.intervalMs,
    );
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return;
    }
    const waitMs = (1 - this.tokens) * this.intervalMs;
    throw new FeedOpenThrottled(Math.max(1, Math.ceil(waitMs / 1000)));
  }
}
