import { textOf } from './textOf.js';

/**
 * URL user information (`https://user:password@host`): HTTP libraries quote the request URL in
 * their errors, and a kubeconfig's server URL may carry credentials. Up to the last `@` before
 * the path: URL parsing ends the user information there, so a raw `@` in a password is covered.
 * The scheme is a whole run of scheme characters (none precedes it): a pattern free to start at
 * each word in a run (`-p-p-p…`) rescans the run from each, in quadratic time.
 */
const urlUserInfo = /(?<![a-z0-9+.-])([a-z0-9+.-]+:\/\/)[^\s/?#]*@/gi;

/**
 * HTTP authorization values (`Bearer <token>`, `Basic <base64>`): a proxy or server that quotes
 * the request's headers in its error message hands the token back.
 */
const authorizationValue = /\b(Bearer|Basic)(\s+)[A-Za-z0-9._~+/=-]+/gi;

/**
 * Removes credentials that messages from HTTP libraries and servers are known to carry: the
 * user information of any URL and the value of any `Bearer`/`Basic` authorization, each
 * replaced by `***`. Applied to every informer error message, which is logged by default.
 *
 * @example
 * ```ts
 * redactCredentials('request to https://admin:pw@10.0.0.1/api failed');
 * // 'request to https://***@10.0.0.1/api failed'
 * redactCredentials('proxy said: Authorization: Bearer abc.def');
 * // 'proxy said: Authorization: Bearer ***'
 * ```
 *
 * Total: a value that is not a string (a Status `message` a server sent as an object, say) is
 * first turned into text with the same rules as an error message (`textOf`), never thrown on.
 *
 * @param text - a message
 * @returns the message without those credentials
 */
export function redactCredentials(text: unknown): string {
  return textOf(text).replace(urlUserInfo, '$1***@').replace(authorizationValue, '$1$2***');
}
