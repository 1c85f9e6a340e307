/** One request the fake server received, as a test reads it back. */
export interface RecordedRequest {
  /** The HTTP method, e.g. `GET`. */
  readonly method: string;
  /** The URL path, e.g. `/api/v1/namespaces/shop/pods`. */
  readonly path: string;
  /**
   * The query parameters as sent (the last value of a repeated one), e.g.
   * `{ resourceVersion: '42', limit: '500' }`; a parameter that was not sent is absent.
   */
  readonly query: Readonly<Record<string, string>>;
}

/**
 * The most recent requests a server received, oldest first, so that a test can assert on what a
 * client asked for (which resourceVersion, which match rule, which page) rather than on timing.
 * Holds at most `capacity` entries: the oldest are dropped first, so a long load or soak run
 * keeps a bounded amount of memory.
 */
export class RequestLog {
  // A ring: `next` is where the next entry goes; `size` entries end just before it.
  private readonly ring: RecordedRequest[] = [];
  private next = 0;
  private size = 0;

  /**
   * @param capacity - the most entries kept; 0 records nothing.
   */
  constructor(private readonly capacity: number) {}

  /**
   * Records one request.
   *
   * @param method - the HTTP method.
   * @param url - the request URL, parsed.
   */
  record(method: string, url: URL): void {
    if (this.capacity <= 0) return;
    this.ring[this.next] = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
    };
    this.next = (this.next + 1) % this.capacity;
    this.size = Math.min(this.size + 1, this.capacity);
  }

  /** @returns the recorded requests, oldest first (a copy). */
  entries(): RecordedRequest[] {
    const start = (this.next - this.size + this.capacity) % this.capacity;
    const out: RecordedRequest[] = [];
    for (let i = 0; i < this.size; i += 1) {
      const entry = this.ring[(start + i) % this.capacity];
      if (entry !== undefined) out.push(entry);
    }
    return out;
  }

  /** Forgets every recorded request. */
  clear(): void {
    this.ring.length = 0;
    this.next = 0;
    this.size = 0;
  }
}
