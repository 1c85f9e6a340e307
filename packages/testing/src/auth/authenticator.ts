import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { forbidden, unauthorized } from '../api/status.js';

/**
 * Bearer-token authentication and a per-namespace deny list, standing in for kube-apiserver's
 * authn/authz chain.
 */
export class Authenticator {
  private readonly forbiddenNamespaces: Set<string>;

  /**
   * @param token - the only token accepted.
   * @param user - the user that token authenticates as.
   * @param forbiddenNamespaces - namespaces where every request is refused with 403.
   */
  constructor(
    private readonly token: string,
    private readonly user: string,
    forbiddenNamespaces: readonly string[],
  ) {
    this.forbiddenNamespaces = new Set(forbiddenNamespaces);
  }

  /**
   * Checks the `Authorization: Bearer …` header.
   *
   * @param req - the request.
   * @returns the authenticated user name.
   * @throws StatusError 401 when the token is missing or wrong.
   */
  authenticate(req: IncomingMessage): string {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    const given = Buffer.from(match?.[1]?.trim() ?? '');
    const expected = Buffer.from(this.token);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw unauthorized();
    return this.user;
  }

  /**
   * Refuses requests into a forbidden namespace.
   *
   * @param verb - the Kubernetes verb.
   * @param resource - resource plural.
   * @param group - API group.
   * @param namespace - the request's namespace, if any.
   * @throws StatusError 403 when the namespace is forbidden.
   */
  authorize(verb: string, resource: string, group: string, namespace: string | undefined): void {
    if (namespace !== undefined && this.forbiddenNamespaces.has(namespace)) {
      throw forbidden(this.user, verb, resource, group, namespace);
    }
  }

  /**
   * Adds a namespace to the deny list.
   *
   * @param namespace - the namespace.
   */
  forbidNamespace(namespace: string): void {
    this.forbiddenNamespaces.add(namespace);
  }

  /**
   * Removes a namespace from the deny list.
   *
   * @param namespace - the namespace.
   */
  allowNamespace(namespace: string): void {
    this.forbiddenNamespaces.delete(namespace);
  }
}
