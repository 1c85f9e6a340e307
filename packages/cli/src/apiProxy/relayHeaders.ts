import type { ServerResponse } from 'node:http';

/**
 * The policy of everything the API proxy answers: a body relayed from the API server (or
 * anything behind it: an aggregated API, a webhook's message) is data, never a page. Opened in
 * a browser, even an upstream `text/html` answer runs no script, loads nothing and cannot be
 * framed (`sandbox` gives it an opaque origin, so it cannot read the proxy's other answers
 * either); `nosniff` keeps a browser from reading a JSON answer as a script or a stylesheet.
 */
export const relayContentSecurityPolicy = "sandbox; default-src 'none'; frame-ancestors 'none'";

/**
 * Sets the headers every answer of the API proxy carries, whatever it relays: see
 * {@link relayContentSecurityPolicy}. Set before anything else is written, they stay on the
 * proxy's own refusals too.
 *
 * @param response - the response, head not yet written
 */
export function setRelayHeaders(response: ServerResponse): void {
  response.setHeader('Content-Security-Policy', relayContentSecurityPolicy);
  response.setHeader('X-Content-Type-Options', 'nosniff');
}
