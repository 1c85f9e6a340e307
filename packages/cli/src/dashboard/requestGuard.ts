import type { IncomingMessage } from 'node:http';
import { AccessToken } from './accessToken.js';
import type { HostPolicy } from './hostPolicy.js';

/** What the guard decided about a request. */
export type GuardVerdict =
  | {
      readonly allowed: true;
      /** A `Set-Cookie` to send back, when the token came in the URL. */ readonly setCookie?: string;
    }
  | { readonly allowed: false; readonly status: 401 | 403; readonly message: string };

/** What a {@link RequestGuard} says of the server it guards. */
export interface GuardedServer {
  /** How refusals name the server: `dashboard`, `proxy`. */
  readonly name: string;
  /** Whether a path is the server's API, where an `Origin` must be the server's own. */
  readonly isApiPath: (pathname: string) => boolean;
  /** What a refusal for a missing token tells the client to do. */
  readonly tokenHint: string;
}

/** The dashboard: its page, and its API under `/api/` and `/k8s/` (the API server proxy). */
export const dashboardServer: GuardedServer = {
  name: 'dashboard',
  isApiPath: (pathname) => pathname.startsWith('/api/') || pathname.startsWith('/k8s/'),
  tokenHint: 'open the URL with ?token=… that `rxkube dashboard` printed when it started',
};

/** Options of a {@link RequestGuard}. */
export interface RequestGuardOptions {
  /** The hosts and origins answered. */
  readonly hosts: HostPolicy;
  /** The server's port (names its cookie). */
  readonly port: number;
  /** The token required, if any. Default: none (the server is reachable from loopback only). */
  readonly token?: AccessToken;
  /** Its name, API paths and token hint. Default: the dashboard's ({@link dashboardServer}). */
  readonly server?: GuardedServer;
}

/**
 * Decides whether the dashboard (or the API proxy) answers a request, before any route runs:
 *
 * 1. `Host` must be a name of the server ({@link HostPolicy}), else 403: DNS rebinding.
 * 2. On its API paths (the dashboard's feeds, details, info and `/k8s/`; every path of the
 *    proxy), an `Origin`, when sent, must be the server's own, else 403: another site's page
 *    has no business there.
 *    Without an `Origin`, a browser's `Sec-Fetch-Site: cross-site` or `same-site` (a no-cors
 *    GET, an image or script tag of another page) is refused too.
 * 3. With a token (the server is reachable from other machines), the request must present
 *    it ({@link AccessToken}), else 401. A page opened with `?token=` gets the cookie that its
 *    own requests (script, info, feed) then carry.
 */
export class RequestGuard {
  private readonly cookieName: string;
  private readonly hosts: HostPolicy;
  private readonly token: AccessToken | undefined;
  private readonly server: GuardedServer;

  /** @param options - the hosts answered, the port, the token, the server guarded */
  constructor(options: RequestGuardOptions) {
    this.hosts = options.hosts;
    this.token = options.token;
    this.server = options.server ?? dashboardServer;
    this.cookieName = AccessToken.cookieName(options.port);
  }

  /**
   * @param request - the request
   * @param url - its parsed URL
   * @returns whether to answer it, and how to refuse it otherwise
   */
  check(request: IncomingMessage, url: URL): GuardVerdict {
    const { name, isApiPath, tokenHint } = this.server;
    const host = request.headers.host;
    if (!this.hosts.allowsHost(host)) {
      return refuse(
        403,
        `forbidden: this ${name} does not answer requests for host ${JSON.stringify(host ?? '')} ` +
          '(protection against DNS rebinding); open it by the address it printed, or allow the ' +
          'name with --allowed-host',
      );
    }
    const origin = request.headers.origin;
    const api = isApiPath(url.pathname);
    if (api && !this.hosts.allowsOrigin(origin)) {
      return refuse(
        403,
        `forbidden: requests from origin ${JSON.stringify(origin)} are not answered; only the ` +
          `${name}'s own pages may use its API`,
      );
    }
    // A browser says where a request comes from even when it sends no Origin (a no-cors GET,
    // an <img> or <script> of another site's page): such a page must not open feeds or watches.
    const site = request.headers['sec-fetch-site'];
    if (api && origin === undefined && (site === 'cross-site' || site === 'same-site')) {
      return refuse(
        403,
        `forbidden: requests from another site (Sec-Fetch-Site: ${site}) are not answered; only ` +
          `the ${name}'s own pages may use its API`,
      );
    }
    if (this.token === undefined) return { allowed: true };
    const presented = AccessToken.presented(request, url, this.cookieName);
    if (!presented.some((candidate) => this.token!.matches(candidate))) {
      return refuse(401, `unauthorized: this ${name} needs its access token; ${tokenHint}`);
    }
    return url.searchParams.has('token') && !api
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
