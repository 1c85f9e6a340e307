import stringWidth from 'string-width';

/**
 * The columns a text takes on a terminal: wide (CJK, emoji) characters count two, combining
 * marks and zero-width characters none (string-width). Text is expected to be escaped already
 * (`printableText`); colour sequences, if any, count nothing.
 *
 * @param text - the text
 * @returns its width in columns
 */
export function displayWidth(text: string): number {
  return stringWidth(text);
}

/**
 * Cuts a text to at most `width` columns, the last one `…` when something was cut. A wide
 * character that would straddle the edge is left out whole, and combining marks stay with the
 * character they follow, so the result never takes more than `width` columns.
 *
 * @param text - escaped text without colour sequences
 * @param width - the room, in columns
 * @returns the text, or its start and `…`
 */
export function truncateToWidth(text: string, width: number): string {
  if (width <= 0) return '';
  if (displayWidth(text) <= width) return text;
  let out = '';
  let used = 0;
  // Graphemes, not code points: a base and its combining marks are kept or cut together.
  for (const { segment } of graphemes.segment(text)) {
    const w = displayWidth(segment);
    if (used + w > width - 1) break;
    out += segment;
    used += w;
  }
  return `${out}…`;
}

/**
 * Pads a text with spaces to `width` columns (or cuts it, see {@link truncateToWidth}).
 *
 * @param text - escaped text without colour sequences
 * @param width - the columns it must take
 * @returns the text, exactly `width` columns wide
 */
export function padToWidth(text: string, width: number): string {
  const cut = truncateToWidth(text, width);
  return cut + ' '.repeat(Math.max(0, width - displayWidth(cut)));
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
