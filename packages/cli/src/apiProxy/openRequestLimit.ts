import { failureStatus, type KubeStatus } from './kubeStatus.js';

/** Requests to the API server an {@link OpenRequestLimit} lets be open at once by default. */
export const defaultMaxOpenRequests = 100;

/** Seconds a client turned away by an {@link OpenRequestLimit} is asked to wait, as the feeds do. */
export const openRequestRetryAfterSeconds = 5;

/**
 * Bounds the requests a proxy has open to the API server at once, as the dashboard bounds its
 * feed connections: a watch holds its slot until it ends (a client that never reads holds it
 * while its relay is paused), a list or a get while its answer is relayed. Each open request
 * costs an upstream connection and up to its relay's buffer bound, so this bounds what any
 * number of clients together can make the proxy (and the API server) hold. A request past the
 * bound is answered `503` with `Retry-After` instead of being queued: a queued watch would
 * still hold a socket, and clients (client-go, the informer) retry after the delay anyway.
 */
export class OpenRequestLimit {
  private openCount = 0;
  private refusedCount = 0;

  /** @param max - requests open at once; at least 1 */
  constructor(readonly max: number = defaultMaxOpenRequests) {
    if (!Number.isInteger(max) || max < 1) {
      throw new RangeError(`the limit of open requests must be an integer ≥ 1, not ${max}`);
    }
  }

  /** Requests holding a slot now. */
  get open(): number {
    return this.openCount;
  }

  /** Requests turned away since the start. */
  get refused(): number {
    return this.refusedCount;
  }

  /**
   * Takes a slot if one is free.
   *
   * @returns the function that frees it (calling it again does nothing), or the Status to
   *   answer when every slot is taken
   */
  acquire(): { readonly release: () => void } | { readonly refusal: KubeStatus } {
    if (this.openCount >= this.max) {
      this.refusedCount += 1;
      return {
        refusal: failureStatus(
          503,
          `too many requests open to the API server (${this.max}); retry later`,
          openRequestRetryAfterSeconds,
        ),
      };
    }
    this.openCount += 1;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.openCount -= 1;
      },
    };
  }
}
