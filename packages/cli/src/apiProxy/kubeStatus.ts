import type { ServerResponse } from 'node:http';

/** The `reason` kube-apiserver gives each status code the proxy answers with itself. */
const reasons: Readonly<Record<number, string>> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  410: 'Expired',
  422: 'Invalid',
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'ServiceUnavailable',
  504: 'Timeout',
};

/** A Kubernetes `Status` failure, as the API server sends it in an error body. */
export interface KubeStatus {
  readonly kind: 'Status';
  readonly apiVersion: 'v1';
  readonly metadata: Record<string, never>;
  readonly status: 'Failure';
  readonly message: string;
  readonly reason: string;
  readonly code: number;
  readonly details?: {
    readonly name?: string;
    readonly group?: string;
    readonly kind?: string;
    readonly uid?: string;
    readonly causes?: ReadonlyArray<{
      readonly type?: string;
      readonly message?: string;
      readonly field?: string;
    }>;
    readonly retryAfterSeconds?: number;
  };
}

/**
 * A `Status` failure for a status code, with kube-apiserver's reason for that code (`Unknown`
 * for a code it has none for, such as a gateway's 502), so that clients (client-node,
 * client-go, the informer) read the proxy's own refusals as they read the API server's.
 *
 * @param code - the HTTP status code
 * @param message - what happened, for people
 * @param retryAfterSeconds - when to try again, if the client should
 * @returns the Status object
 */
export function failureStatus(
  code: number,
  message: string,
  retryAfterSeconds?: number,
): KubeStatus {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason: reasons[code] ?? 'Unknown',
    code,
    ...(retryAfterSeconds === undefined ? {} : { details: { retryAfterSeconds } }),
  };
}

/**
 * Answers a request with a `Status` failure (and `Retry-After` when it carries a delay).
 *
 * @param response - the response, headers not yet sent
 * @param status - the failure; its `code` is the HTTP status
 * @param headers - more response headers (`Allow` for a 405)
 */
export function writeStatus(
  response: ServerResponse,
  status: KubeStatus,
  headers: Readonly<Record<string, string>> = {},
): void {
  const retryAfter = status.details?.retryAfterSeconds;
  response.writeHead(status.code, {
    'Content-Type': 'application/json',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    ...(retryAfter === undefined ? {} : { 'Retry-After': String(retryAfter) }),
    ...headers,
  });
  response.end(JSON.stringify(status));
}
