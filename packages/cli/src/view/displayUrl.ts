import { redactCredentials } from '@rxkube/informer';

/**
 * A URL — or a message quoting URLs — as the command may show, serve or log it: without the
 * `user:password@` of any URL. A kubeconfig's server may carry credentials
 * (`https://admin:secret@host`), and the banner, the dashboard's `/api/info` and the messages
 * about connecting all name the server. Browser-safe (no Node API).
 *
 * @param text - a URL, or text containing URLs
 * @returns the same text with each URL's user information removed
 * @example
 * ```ts
 * displayUrl('http://admin:PASSW0RD@127.0.0.1:6443'); // 'http://127.0.0.1:6443'
 * ```
 */
export function displayUrl(text: string): string {
  // The informer's redaction finds the credentials (also Bearer/Basic values); a URL shown to
  // a person reads better with its user information gone than starred.
  return redactCredentials(text).replaceAll('://***@', '://');
}
