import type { RequestOptions } from 'node:https';

/**
 * The credentials a request to the API server carries, as client-node's `applyToHTTPSOptions`
 * put them in its options: the `Authorization` header's credential (a bearer token, or a basic
 * user's `user:password` and password), Node's `auth` (`user:password`), and the user
 * information of the target URL. What the {@link TokenScrubber} removes from the answer.
 *
 * @param options - the request's options, credentials applied
 * @param target - the URL requested
 * @returns the values, whole and in the parts an echo could show
 */
export function sentCredentials(options: RequestOptions, target: URL): string[] {
  const found: string[] = [];
  const userAndPassword = (pair: string) => {
    found.push(pair, Buffer.from(pair, 'utf8').toString('base64'));
    const colon = pair.indexOf(':');
    if (colon !== -1) found.push(pair.slice(colon + 1));
  };
  const headers = options.headers ?? {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== 'authorization' || typeof value !== 'string') continue;
    const [scheme = '', credential = ''] = value.trim().split(/\s+/, 2);
    found.push(value);
    if (scheme.toLowerCase() === 'basic') {
      found.push(credential);
      userAndPassword(Buffer.from(credential, 'base64').toString('utf8'));
    } else if (credential !== '') {
      found.push(credential);
    }
  }
  if (typeof options.auth === 'string') userAndPassword(options.auth);
  if (target.password !== '') {
    userAndPassword(`${decoded(target.username)}:${decoded(target.password)}`);
  }
  return found;
}

/** A URL component decoded, or as it is when its escapes are malformed. */
function decoded(component: string): string {
  try {
    return decodeURIComponent(component);
  } catch {
    return component;
  }
}
