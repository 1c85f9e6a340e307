import type { IncomingMessage } from 'node:http';

/**
 * A request's URL, parsed: its path and query, resolved against a placeholder origin (the
 * `Host` is checked on its own by the `RequestGuard`). Node passes the request target on as
 * the client wrote it, and an absolute-form target that is no URL (`GET http://[ HTTP/1.1`)
 * makes `new URL` throw, which, thrown in a request listener, would end the process: such a
 * request is the client's error, to be answered `400`.
 *
 * @param request - the request
 * @returns the URL, or undefined when the target cannot be parsed
 */
export function requestUrl(request: IncomingMessage): URL | undefined {
  try {
    return new URL(request.url ?? '/', 'http://localhost');
  } catch {
    return undefined;
  }
}
