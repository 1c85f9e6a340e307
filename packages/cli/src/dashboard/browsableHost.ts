import { isIPv6 } from 'node:net';

/** Where a browser on this machine reaches the dashboard, given the address it is bound to. */
interface BrowsableHost {
  /** The host part of the URL to open: the bound address, or loopback for a wildcard bind. */
  readonly host: string;
  /** The bind is a wildcard (`0.0.0.0`, `::`): the dashboard listens on every interface. */
  readonly everyInterface: boolean;
}

/**
 * The host to put in the dashboard's URL. A wildcard address (`0.0.0.0`, `::`) is where the
 * server listens, not somewhere to connect to: browsers refuse `http://0.0.0.0:…/`, so the URL
 * names loopback of the same family instead (`127.0.0.1`, `[::1]`), which the wildcard bind
 * includes. An IPv6 address is bracketed.
 *
 * @param bound - the address given to `listen`
 * @returns the URL host, and whether the bind covers every interface
 */
export function browsableHost(bound: string): BrowsableHost {
  if (bound === '0.0.0.0') return { host: '127.0.0.1', everyInterface: true };
  if (isIPv6(bound) && /^[0:]+$/.test(bound)) return { host: '[::1]', everyInterface: true };
  return { host: isIPv6(bound) ? `[${bound}]` : bound, everyInterface: false };
}
