/** Every fault the server can inject; each has its own counter. */
export type FaultKind =
  | 'closeWatch'
  | 'resetConnection'
  | 'malformedLine'
  | 'stallWatch'
  | 'rawLine'
  | 'errorResponse'
  | 'rawResponse'
  | 'delayResponse'
  | 'compaction'
  | 'restart';

/** Faults that act on an open watch stream. */
export type StreamFaultKind =
  'closeWatch' | 'resetConnection' | 'malformedLine' | 'stallWatch' | 'rawLine';

/** Which requests a fault applies to. */
export interface FaultTarget {
  /**
   * `list`, `watch`, `get`, `write` (create, update, patch, delete) or `any` (default `any` for
   * request faults, `watch` for stream faults).
   */
  verb?: 'list' | 'watch' | 'get' | 'write' | 'any';
  /** Resource plural to restrict to (e.g. `pods`); any resource by default. */
  resource?: string;
  /** How many requests the fault applies to. Default 1. */
  times?: number;
}

/** A stream fault armed for one watch: fires after `afterEvents` lines have been sent. */
export interface StreamFault {
  readonly kind: StreamFaultKind;
  readonly afterEvents: number;
  /** The line a `rawLine` fault writes, as it is (a newline is added). */
  readonly line?: string;
}

/**
 * Status codes an `errorResponse` fault answers with: 429 `TooManyRequests`, 500
 * `InternalError`, 503 `ServiceUnavailable`; as kube-apiserver answers a list whose
 * resourceVersion it cannot serve, 410 `Expired` (compacted) and 504 `Timeout` with cause
 * `ResourceVersionTooLarge` (a watch cache behind the requested version, as after a restart);
 * and 400 `BadRequest` and 403 `Forbidden`, as a proxy or an API server that does not accept
 * the request's options (a streaming list, say) or the client's access may answer.
 */
export type InjectedErrorCode = 400 | 403 | 410 | 429 | 500 | 503 | 504;

/** A fault applied to a request before it is answered. */
export type RequestFault =
  | {
      readonly kind: 'errorResponse';
      readonly code: InjectedErrorCode;
      readonly retryAfterSeconds: number | undefined;
    }
  | { readonly kind: 'delayResponse'; readonly ms: number }
  | { readonly kind: 'rawResponse'; readonly code: number; readonly body: string };

/** Random stream faults: each event sent draws once against `probability`. */
export interface RandomStreamFaults {
  /** Chance in [0, 1] that an event triggers a fault. */
  probability: number;
  /** The faults to choose from (uniformly). Default: close, reset and malformed line. */
  kinds?: StreamFaultKind[];
}
