/**
 * Words that make a name (an annotation key, a command-line flag, an environment variable
 * assigned in a shell string) name a credential: the value beside such a name is taken for a
 * secret and never served. Matched anywhere in the name, case-insensitively, so `api-token`,
 * `DB_PASSWORD`, `--pass`, `--passphrase`, `vault.hashicorp.com/auth-path` and `--client-key`
 * all count; a false positive costs a `<redacted>` on the page, a false negative a leaked secret.
 */
const credentialWords = /pass|pwd|secret|token|key|credential|auth/i;

/**
 * Whether a name names a credential (see the words above).
 *
 * @param name - an annotation key, a flag name without its dashes, …
 * @returns true when the value it labels must be redacted
 */
export function namesCredential(name: string): boolean {
  return credentialWords.test(name);
}
