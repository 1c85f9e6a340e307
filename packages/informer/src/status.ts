/**
 * One cause of a Kubernetes `Status` failure (`details.causes[]`).
 */
export interface StatusCause {
  /** Machine-readable cause, e.g. `ResourceVersionTooLarge`. */
  reason?: string;
  /** Human-readable description. */
  message?: string;
  /** The field the cause refers to, if any. */
  field?: string;
}

/**
 * The `Status` object the API server sends as an error body or inside a watch `ERROR` event.
 */
export interface Status {
  kind?: string;
  apiVersion?: string;
  metadata?: {
    continue?: string;
    resourceVersion?: string;
    selfLink?: string;
    remainingItemCount?: number;
  };
  /** `Failure` or `Success`. */
  status?: string;
  /** Human-readable description. */
  message?: string;
  /** Machine-readable reason, e.g. `Expired`, `TooManyRequests`. */
  reason?: string;
  /** Extra information about the failure. */
  details?: {
    name?: string;
    group?: string;
    kind?: string;
    uid?: string;
    causes?: StatusCause[];
    retryAfterSeconds?: number;
  };
  /** The HTTP status code the failure corresponds to. */
  code?: number;
}
