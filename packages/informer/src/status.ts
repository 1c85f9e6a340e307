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
  metadata?: { continue?: string; resourceVersion?: string };
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
    causes?: StatusCause[];
    retryAfterSeconds?: number;
  };
  /** The HTTP status code the failure corresponds to. */
  code?: number;
}

/**
 * Reads a value as a `Status` if it looks like one (an object with `kind: 'Status'` or a
 * numeric `code`), without trusting any field.
 *
 * @param value - a parsed JSON value
 * @returns the status, or `undefined` when `value` is not one
 */
export function asStatus(value: unknown): Status | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const candidate = value as Record<string, unknown>;
  if (candidate['kind'] !== 'Status' && typeof candidate['code'] !== 'number') return undefined;
  return value as Status;
}
