/**
 * What the proxy does to a client's answer when the API server's answer breaks off (its
 * connection reset or closed before the body's end):
 *
 * - `end`: ends the answer as if the body were complete (chunked encoding's final chunk).
 *   Every intermediary passes an end on; a dev server's proxy built on node-http-proxy (Vite's
 *   `server.proxy`) passes nothing else on, so its client would otherwise wait forever.
 * - `cut`: destroys the client's connection, so that the answer reads as broken.
 */
export type UpstreamBreak = 'end' | 'cut';

/**
 * How an answer to a request is ended when the API server's breaks off.
 *
 * A watch ends: its body is a sequence of events with no completeness to misstate (the API
 * server itself ends watches at their timeout), and a client that sees a watch end watches
 * again from the last resource version it received, losing nothing. An event cut in the
 * middle stays cut (a prefix of a JSON object never parses, a protobuf frame shorter than its
 * length prefix never decodes), so the client reports it as a decode error rather than taking
 * it for an event. Everything else is cut: a list or a get ended cleanly would be a truncated
 * body presented as complete (a protobuf list cut at a field boundary even decodes, with items
 * missing), and an answer with a `Content-Length` cannot end early without desynchronising the
 * client's connection. A client behind an intermediary that does not pass a broken connection
 * on is still bounded there by its own list timeout (the informer's 30 s `listIdleTimeoutMs`).
 *
 * @param url - the request's URL (path and query as the proxy received them)
 * @param contentLength - the API server's `Content-Length`, if it sent one
 * @returns `end` for a watch with a chunked (or close-delimited) body, else `cut`
 */
export function upstreamBreakFor(url: URL, contentLength: string | undefined): UpstreamBreak {
  return contentLength === undefined && isWatch(url) ? 'end' : 'cut';
}

/**
 * Whether a request is a watch as kube-apiserver reads it: a `watch` parameter whose first value
 * is not `0` or `false` (in any case; an empty value is true), or a legacy `/watch/` path
 * (`/api/v1/watch/…`, `/apis/<group>/<version>/watch/…`).
 */
function isWatch(url: URL): boolean {
  const watch = url.searchParams.get('watch');
  if (watch !== null && watch !== '0' && watch.toLowerCase() !== 'false') return true;
  const segments = url.pathname.split('/');
  const versionEnd = segments[1] === 'api' ? 3 : segments[1] === 'apis' ? 4 : -1;
  return versionEnd > 0 && segments[versionEnd] === 'watch';
}
