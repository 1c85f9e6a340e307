/** The HTTP status and Status `reason` of a failed API request. */
export interface ApiStatus {
  /** The HTTP status; undefined when no answer arrived (connection refused, reset…). */
  readonly code: number | undefined;
  /** The Status body's `reason` (`Conflict`, `AlreadyExists`, `NotFound`…), when it had one. */
  readonly reason: string | undefined;
}

/**
 * Reads what a client-node request threw: an `ApiException` carries the HTTP `code` and the
 * Status body (a string or already parsed, depending on the client-node version).
 *
 * @param error - what the request threw
 * @returns its status
 * @internal
 */
export function apiStatus(error: unknown): ApiStatus {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'number') return { code: undefined, reason: undefined };
  let body = (error as { body?: unknown }).body;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      body = undefined;
    }
  }
  const reason = (body as { reason?: unknown } | null | undefined)?.reason;
  return { code, reason: typeof reason === 'string' && reason !== '' ? reason : undefined };
}

/**
 * @param error - what a request threw
 * @returns whether it lost an optimistic-concurrency race: 409, an update on a stale
 *   resourceVersion (`Conflict`) or a create of a name taken meanwhile (`AlreadyExists`)
 * @internal
 */
export function isConflict(error: unknown): boolean {
  return apiStatus(error).code === 409;
}

/**
 * @param error - what a request threw
 * @returns whether the object was not found (404)
 * @internal
 */
export function isNotFound(error: unknown): boolean {
  return apiStatus(error).code === 404;
}
