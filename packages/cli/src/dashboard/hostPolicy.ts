import { isIP } from 'node:net';

/**
 * Which `Host` and `Origin` headers the dashboard answers: a defence against DNS rebinding,
 * where a page of `attacker.example` re-points its name to the dashboard's address and reads
 * it as its own origin. The browser then sends `Host: attacker.example:<port>`, a name the
 * dashboard does not serve (as Jupyter and webpack-dev-server check).
 *
 * - Bound to loopback: `localhost` (and `*.localhost`, which browsers resolve to loopback
 *   themselves) and loopback addresses.
 * - Bound elsewhere: the bound name, IP addresses (an address literal cannot be rebound),
 *   `localhost`.
 * - Either way: the extra hosts configured (`name` for any port, `name:port` for one).
 *
 * The port must be the one the dashboard listens on, except for extra hosts without a port
 * (a reverse proxy in front of it).
 */
export class HostPolicy {
  private readonly loopback: boolean;
  private readonly extra: ReadonlyArray<{ name: string; port: string | undefined }>;

  /**
   * @param bindHost - the address the server listens on
   * @param port - the port it listens on
   * @param extraHosts - more names it may be reached by (`name` or `name:port`)
   */
  constructor(
    private readonly bindHost: string,
    private readonly port: number,
    extraHosts: readonly string[] = [],
  ) {
    this.loopback = isLoopback(bindHost);
    this.extra = extraHosts.map((entry) => {
      const parsed = parseHost(entry);
      return { name: parsed?.name ?? entry.toLowerCase(), port: parsed?.port || undefined };
    });
  }

  /**
   * @param host - a request's `Host` header
   * @returns whether the dashboard answers requests made to that host
   */
  allowsHost(host: string | undefined): boolean {
    const parsed = host === undefined ? undefined : parseHost(host);
    if (parsed === undefined) return false;
    const { name, port } = parsed;
    if (this.extra.some((e) => e.name === name && (e.port === undefined || e.port === port))) {
      return true;
    }
    if (Number(port || '80') !== this.port) return false;
    if (isLocalhostName(name)) return true;
    if (this.loopback) return isLoopback(name);
    return isIP(name) !== 0 || name === this.bindHost.toLowerCase();
  }

  /**
   * @param origin - a request's `Origin` header
   * @returns whether it is absent (same-origin reads need not send it) or a page of the
   *   dashboard itself
   */
  allowsOrigin(origin: string | undefined): boolean {
    if (origin === undefined) return true;
    const match = /^https?:\/\/([^/]+)$/i.exec(origin);
    return match !== null && this.allowsHost(match[1]);
  }
}

/**
 * @param host - a host name or IP address (IPv6 with or without brackets)
 * @returns whether it names this machine's loopback interface
 */
export function isLoopback(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (isLocalhostName(name)) return true;
  if (isIP(name) === 4) return name.startsWith('127.');
  return name === '::1' || /^::ffff:127\./.test(name);
}

function isLocalhostName(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost');
}

/** Splits `name[:port]` (`[v6]:port` for IPv6), lower-cased; undefined when malformed. */
function parseHost(host: string): { name: string; port: string } | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]\s/@]+)(?::(\d{1,5}))?$/i.exec(host.trim());
  if (match === null) return undefined;
  return { name: match[1]!.toLowerCase().replace(/^\[(.*)\]$/, '$1'), port: match[2] ?? '' };
}
