/** The longest text {@link printableText} keeps by default, in code points: 1 KiB of ASCII. */
export const maxPrintableLength = 1024;

/**
 * Code points a terminal may act on instead of showing, or that make it show something other
 * than the text:
 *
 * - C0 controls (ESC starts every escape sequence: title set, clear screen, OSC 8 hyperlinks,
 *   cursor moves), DEL, and C1 controls (U+009B is a one-character CSI on some terminals);
 * - the bidirectional formatting characters (U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069),
 *   which reorder what is displayed ("Trojan Source");
 * - U+2028 and U+2029, line and paragraph separators.
 *
 * Everything else — CJK, accents, emoji — is ordinary text and kept.
 */
export const unsafeCodePoints =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

const named: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * Makes text from the cluster safe to write to a terminal or a log: every unsafe code point (see
 * {@link unsafeCodePoints}) is shown escaped — `\x1b`, `\n`, `\u202e` — rather than acted on,
 * so an object named with an escape sequence reads as what it is, on one line. Text longer than
 * `maxLength` code points is cut, at a code point boundary, and ends with `…`. Only the first
 * `maxLength` code points are read, so a 1 MB message costs no more than a short one.
 *
 * Idempotent: sanitising sanitised text changes nothing.
 *
 * @example
 * ```ts
 * printableText('web-1\x1b]0;owned\x07'); // 'web-1\\x1b]0;owned\\x07'
 * printableText('x'.repeat(5000)).length; // 1024, the last character '…'
 * ```
 *
 * @param text - a name, label, status or message as the cluster sent it
 * @param maxLength - the most code points to return (at least 1)
 * @returns the text, escaped and capped
 */
export function printableText(text: string, maxLength: number = maxPrintableLength): string {
  const limit = Math.max(1, maxLength);
  unsafeCodePoints.lastIndex = 0;
  if (text.length <= limit && !unsafeCodePoints.test(text)) return text;
  // Each piece is a kept character (one code point) or an escape (ASCII: as many code points
  // as UTF-16 units).
  const pieces: { readonly text: string; readonly length: number }[] = [];
  let length = 0;
  for (const char of text) {
    const escaped = char.replace(unsafeCodePoints, escape);
    const piece = { text: escaped, length: escaped === char ? 1 : escaped.length };
    pieces.push(piece);
    length += piece.length;
    if (length > limit) break;
  }
  if (length > limit) {
    // Too long: drop whole pieces (never half an escape) until the ellipsis fits.
    while (length > limit - 1) length -= pieces.pop()?.length ?? length;
    pieces.push({ text: '…', length: 1 });
  }
  return pieces.map((piece) => piece.text).join('');
}

function escape(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return (
    named[char] ??
    (code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`)
  );
}
