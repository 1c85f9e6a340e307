import { InformerError, describeCause, type ErrorContext, type ApiVerb } from './informerError.js';
import { redactCredentials } from '../redactCredentials.js';
import type { Status } from '../status.js';

/**
 * The API server refused a request (non-2xx answer) or ended a watch with an `ERROR` event. It
 * carries the server's `Status`: `code`, `reason`, `message`, and the `Retry-After` delay.
 */
export class ApiError extends InformerError {
  readonly kind = 'api';
  /** HTTP status code (from the response or the Status object). */
  readonly code: number;
  /** Machine-readable reason such as `Expired`, `TooManyRequests`; `''` when unknown. */
  readonly reason: string;
  /** The Status body, when the server sent one. */
  readonly status: Status | undefined;
  /** Seconds the server asked to wait (`Retry-After` or `details.retryAfterSeconds`). */
  readonly retryAfterSeconds: number | undefined;
  /** The request that failed. */
  readonly verb: ApiVerb;
  /** `response` for an HTTP answer, `event` for a watch `ERROR` event. */
  readonly source: 'response' | 'event';

  /**
   * @param init - the failure's details
   * @param context - resource and resource version
   */
  constructor(
    init: {
      code: number;
      status?: Status | undefined;
      retryAfterSeconds?: number | undefined;
      verb: ApiVerb;
      source: 'response' | 'event';
    },
    context: ErrorContext,
  ) {
    // The Status is typed when it comes from `decodeStatus`; read defensively all the same, so
    // that building the error cannot throw whatever a caller passes.
    const reason = typeof init.status?.reason === 'string' ? init.status.reason : '';
    const message: unknown = init.status?.message;
    const detail = message === undefined || message === null ? `HTTP ${init.code}` : message;
    super(
      `${init.verb} ${context.resource}: ${init.code} ${reason}: ${redactCredentials(detail)}`,
      context,
    );
    const retryAfter: unknown = init.retryAfterSeconds ?? init.status?.details?.retryAfterSeconds;
    this.code = init.code;
    this.reason = reason;
    this.status = init.status;
    this.retryAfterSeconds = typeof retryAfter === 'number' ? retryAfter : undefined;
    this.verb = init.verb;
    this.source = init.source;
  }
}

/** A request could not reach the server (refused, reset while connecting, DNS, TLS…). */
export class ConnectionError extends InformerError {
  readonly kind = 'connection';
  /** The system error code such as `ECONNREFUSED`, when known. */
  readonly code: string | undefined;

  /**
   * @param verb - the request that failed
   * @param context - resource and resource version
   * @param cause - the network error
   */
  constructor(
    readonly verb: ApiVerb,
    context: ErrorContext,
    cause: unknown,
  ) {
    const code = (cause as { code?: unknown } | undefined)?.code;
    super(
      `${verb} ${context.resource}: connection failed: ${describeCause(cause)}`,
      context,
      cause,
    );
    this.code = typeof code === 'string' ? code : undefined;
  }
}
