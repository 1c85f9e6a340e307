import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The secret a dashboard reachable from other machines asks of every request. It is random
 * (256 bits), printed once in the dashboard's URL, and accepted from `?token=`, an
 * `Authorization: Bearer` header, or the cookie the page gets when opened with the token (HttpOnly,
 * SameSite=Strict: page scripts cannot read it and other sites' requests do not carry it).
 */
export class AccessToken {
  /** The token itself. */
  readonly value: string;
  private readonly digest: Buffer;

  /** @param value - the token; default a new random one */
  constructor(value: string = randomBytes(32).toString('base64url')) {
    this.value = value;
    this.digest = sha256(value);
  }

  /**
   * Compares in constant time: both sides are hashed first, so neither the length nor the
   * content of the candidate changes how long the comparison takes.
   *
   * @param candidate - a token a request presented
   * @returns whether it is this token
   */
  matches(candidate: string | undefined): boolean {
    return candidate !== undefined && timingSafeEqual(this.digest, sha256(candidate));
  }

  /**
   * @param port - the dashboard's port: cookies ignore ports, so two dashboards on one host
   *   need names of their own
   * @returns the cookie's name
   */
  static cookieName(port: number): string {
    return `rxkube-dashboard-${port}`;
  }

  /**
   * Every token a request presents: query, bearer header, cookie.
   *
   * @param request - the request
   * @param url - its parsed URL
   * @param cookieName - the dashboard's cookie
   * @returns the candidates, possibly none
   */
  static presented(request: IncomingMessage, url: URL, cookieName: string): string[] {
    const found: string[] = [];
    const query = url.searchParams.get('token');
    if (query !== null) found.push(query);
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (bearer !== undefined) found.push(bearer);
    for (const part of (request.headers.cookie ?? '').split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0 && part.slice(0, eq).trim() === cookieName) found.push(part.slice(eq + 1).trim());
    }
    return found;
  }
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
