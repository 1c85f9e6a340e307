import { AccessToken } from './accessToken.js';
import { isLoopback } from './hostPolicy.js';

/** How a dashboard bound to a given address lets browsers in. */
interface DashboardAccess {
  /** The token required of every request; none on loopback or with `--insecure-no-auth`. */
  readonly token: AccessToken | undefined;
  /** What to print on stderr about it, if anything. */
  readonly warning: string | undefined;
}

/**
 * Decides the dashboard's access control from where it listens. On loopback only this
 * machine's users reach it: no token (the Host check still stops DNS rebinding). Anywhere else
 * anyone on the network could read the cluster's pods, so a random token is required, unless
 * `--insecure-no-auth` says otherwise, which earns a warning.
 *
 * @param host - the address to bind
 * @param insecureNoAuth - whether the user waived the token
 * @returns the token (if any) and the warning (if any)
 */
export function dashboardAccess(host: string, insecureNoAuth: boolean): DashboardAccess {
  if (isLoopback(host)) return { token: undefined, warning: undefined };
  if (insecureNoAuth) {
    return {
      token: undefined,
      warning:
        `warning: the dashboard listens on ${host} without authentication (--insecure-no-auth): ` +
        "anyone who can reach this address can read the cluster's pods",
    };
  }
  return { token: new AccessToken(), warning: undefined };
}
