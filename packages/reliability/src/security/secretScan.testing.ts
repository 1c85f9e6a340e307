/**
 * Greps printed or served text for credentials. A plain `includes(token)` misses what a
 * terminal view or an error message does to a secret: a status line cut to the terminal's
 * width keeps only part of it, colours split it with escape codes, a kubeconfig's `*-data`
 * fields carry it base64-encoded. So every window of {@link fragmentLength} characters of each
 * secret (line by line, for PEM bodies) and of its base64 form counts as a leak, after the
 * escape codes are removed.
 */

/** Shortest piece of a secret that counts as leaked: long enough never to occur by chance. */
export const fragmentLength = 16;

/** Header words that must never be printed or served: they only come with a credential. */
const headerWords: ReadonlyArray<readonly [string, RegExp]> = [
  ['the word Bearer', /\bbearer\s/i],
  ['an Authorization header', /authorization/i],
];

// CSI sequences (colours, cursor moves of log-update) and OSC sequences (titles, links).
// eslint-disable-next-line no-control-regex
const escapeCodes = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;

/**
 * Finds credentials in text.
 *
 * @param secrets - each secret by a name for the report, e.g. `{ token, 'client key': pem }`;
 *   PEM armour lines (`-----BEGIN …`) are not secret and are left out
 * @returns a function naming what it finds in a text, in the order of `secrets` then the header
 *   words; empty when the text is clean
 */
export function secretScanner(
  secrets: Readonly<Record<string, string>>,
): (text: string) => string[] {
  const owners = new Map<string, string>();
  for (const [name, secret] of Object.entries(secrets)) {
    const body = secret
      .split('\n')
      .filter((line) => !line.startsWith('-----'))
      .map((line) => line.trim());
    for (const form of [...body, Buffer.from(secret).toString('base64')]) {
      if (form.length > 0 && form.length < fragmentLength) {
        throw new Error(`${name} is shorter than ${fragmentLength} characters: use a longer one`);
      }
      for (let i = 0; i + fragmentLength <= form.length; i += 1) {
        owners.set(form.slice(i, i + fragmentLength), name);
      }
    }
  }
  return (text) => {
    const clean = text.replace(escapeCodes, '');
    const found = new Set<string>();
    for (let i = 0; i + fragmentLength <= clean.length; i += 1) {
      const owner = owners.get(clean.slice(i, i + fragmentLength));
      if (owner !== undefined) found.add(owner);
    }
    const names = Object.keys(secrets).filter((name) => found.has(name));
    return [...names, ...headerWords.filter(([, word]) => word.test(clean)).map(([name]) => name)];
  };
}
