import { namesCredential } from './credentialName.js';

/** A value in a shell string: quoted (the quotes kept around the replacement), or a bare word. */
const value = String.raw`("[^"]*"|'[^']*'|[^\s"';&|]+)`;

/** `--name=value` or `-name=value`; the value may be quoted. */
const flagEqualsValue = new RegExp(String.raw`(^|[\s"'])(--?([A-Za-z][\w.-]*)=)${value}`, 'g');

/** `--name value` or `-name value` within one string; a value starts no flag. */
const flagSpaceValue = new RegExp(
  String.raw`(^|[\s"'])(--?([A-Za-z][\w.-]*)\s+)(?!-)${value}`,
  'g',
);

/** `NAME=value`, as `export DB_PASSWORD=…` or `PGPASSWORD=… psql` write it in a shell string. */
const assignment = new RegExp(
  String.raw`(^|[\s;&|(])((?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=)${value}`,
  'g',
);

/** A JSON field, as a config copied into an annotation holds it: `"password": "x"`. */
const jsonField = /("([^"\\]*)"\s*:\s*)("(?:[^"\\]|\\.)*")/g;

/**
 * Texts longer than this are replaced whole, not scanned: an annotation or an argument this long
 * is no hand-written value, and a bound on what each pattern scans keeps the redaction of a
 * hostile object (any size, from anyone who can create one) to a bounded time.
 */
export const maxRedactedTextLength = 64 * 1024;

/**
 * The password of a URL's user information: `scheme://user:password@host`. The scheme is a whole
 * run of scheme characters (none precedes it): a pattern free to start anywhere in a run rescans
 * the run from each of its letters, and a long one takes minutes (quadratic time). A run that is
 * no scheme (`1://`) costs at worst a `<redacted>`.
 */
const urlPassword = /(?<![a-z0-9+.-])([a-z0-9+.-]+:\/\/[^\s/?#:@"']*:)([^\s/?#@"']*)@/gi;

/** The credential of an `Authorization` value: `Bearer <token>`, `Basic <base64>`. */
const authorizationScheme = /\b(bearer|basic|token)(\s+)([^\s"';&|]+)/gi;

/** MySQL's password glued to its short flag: `-pSECRET` (`-p` alone prompts, and is kept). */
const mysqlPassword = /(^|[\s"'])(-p)([^\s"';&|=]+)(?=$|[\s"';&|])/g;

/** Tools whose `-p<value>` is a password, not a port or a path. */
const mysqlTools = /\b(mysql\w*|mariadb\w*)\b/;

/**
 * Whether `-p<value>` is taken for a password: always for the MySQL tools, and otherwise when the
 * value does not read as the rest of a word-flag (`-port`, `-path`, `-profile` are kept): it has
 * a capital, a digit or a symbol in it.
 */
function gluedPassword(value: string, inMysql: boolean): boolean {
  return inMysql || !/^[a-z][a-z-]*$/.test(value);
}

/**
 * A string with the credentials it spells out replaced: the values of credential flags
 * (`--password=x`, `--password "x"`, `-token x`), credential variables assigned in a shell
 * string (`export DB_PASSWORD=x`, `PGPASSWORD=x psql`), JSON string fields named so
 * (`{"password": "x"}`, as a config copied into an annotation holds them), the password of a URL
 * (`postgres://app:x@db`), the credential of an `Authorization` value (`Bearer x`), and
 * MySQL's `-px`. A flag or variable is a credential when its name says so (`namesCredential`).
 * Quoted values keep their quotes around the replacement. A text longer than
 * {@link maxRedactedTextLength} is replaced whole. Every pattern runs in time linear in the text.
 *
 * @param text - an argument, a shell string, an annotation's value
 * @param replacement - what stands in for a value
 * @returns the text, redacted
 */
export function redactCredentialText(text: string, replacement: string): string {
  if (text.length > maxRedactedTextLength) return replacement;
  const quoted = (found: string) =>
    /^["']/.test(found) ? `${found[0]}${replacement}${found[0]}` : replacement;
  const named = (whole: string, start: string, head: string, name: string, found: string) =>
    namesCredential(name) && found !== '' ? `${start}${head}${quoted(found)}` : whole;
  const inMysql = mysqlTools.test(text);
  return text
    .replace(flagEqualsValue, named)
    .replace(flagSpaceValue, named)
    .replace(assignment, named)
    .replace(jsonField, (whole, head: string, name: string) =>
      namesCredential(name) ? `${head}"${replacement}"` : whole,
    )
    .replace(urlPassword, (_whole, head: string) => `${head}${replacement}@`)
    .replace(
      authorizationScheme,
      (_whole, scheme: string, space: string) => `${scheme}${space}${replacement}`,
    )
    .replace(mysqlPassword, (whole, start: string, flag: string, found: string) =>
      found !== replacement && gluedPassword(found, inMysql)
        ? `${start}${flag}${replacement}`
        : whole,
    );
}
