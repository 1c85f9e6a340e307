import type { IncomingMessage } from 'node:http';
import { AccessToken } from './accessToken.js';
import type { HostPolicy } from './hostPolicy.js';

/** What the guard decided about a request. */
type GuardVerdict =
  | {
      readonly allowed: true;
      /** A `Set-Cookie` to send back, when the token came in the URL. */ readonly setCookie?: string;
    }
  | { readonly allowed: false; readonly status: 401 | 403; readonly message: string };

/**
 * Decides whether the dashboard answers a request, before any route runs:
 *
 * 1. `Host` must be a name of the dashboard ({@link HostPolicy}), else 403: DNS rebinding.
 * 2. On `/api/` (feeds, details, info), an `Origin`, when sent, must be the dashboard's, else
 *    403: another site's page has no business there.
 * 3. With a token (the dashboard is reachable from other machines), the request must present
 *    it ({@link AccessToken}), else 401. A page opened with `?token=` gets the cookie that its
 *    own requests (script, info, feed) then carry.
 */
export class RequestGuard {
  private readonly cookieName: string;

  /**
   * @param hosts - the hosts and origins answered
   * @param port - the dashboard's port (names its cookie)
   * @param token - the token required, if any
   */
  constructor(
    private readonly hosts: HostPolicy,
    port: number,
    private readonly token: AccessToken | undefined,
  ) {
    this.cookieName = AccessToken.cookieName(port);
  }

  /**
   * @param request - the request
   * @param url - its parsed URL
   * @returns whether to answer it, and how to refuse it otherwise
   */
  check(request: IncomingMessage, url: URL): GuardVerdict {
    const host = request.headers.host;
    if (!this.hosts.allowsHost(host)) {
      return refuse(
        403,
        `forbidden: this dashboard does not answer requests for host ${JSON.stringify(host ?? '')} ` +
          '(protection against DNS rebinding); open it by the address it printed, or allow the ' +
          'name with --allowed-host',
      );
    }
    const origin = request.headers.origin;
    if (url.pathname.startsWith('/api/') && !this.hosts.allowsOrigin(origin)) {
      return refuse(
        403,
        `forbidden: requests from origin ${JSON.stringify(origin)} are not answered; only the ` +
          "dashboard's own page may use its API",
      );
    }
    if (this.token === undefined) return { allowed: true };
    const presented = AccessToken.presented(request, url, this.cookieName);
    if (!presented.some((candidate) => this.token!.matches(candidate))) {
      return refuse(
        401,
        'unauthorized: this dashboard needs its access token; open the URL with ?token=… that ' +
          '`rxkube dashboard` printed when it started',
      );
    }
    return url.searchParams.has('token') && !url.pathname.startsWith('/api/')
      ? {
          allowed: true,
          setCookie: `${this.cookieName}=${this.token.value}; HttpOnly; SameSite=Strict; Path=/`,
        }
      : { allowed: true };
  }
}

function refuse(status: 401 | 403, message: string): GuardVerdict {
  return { allowed: false, status, message };
}
