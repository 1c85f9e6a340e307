import type { StatusPart } from '../view/statusText.js';
import { displayWidth, truncateToWidth } from './terminalWidth.js';

/** What separates two parts on the line (`  ·  `), in columns. */
const separatorWidth = 5;

/**
 * Fits status parts on one line of `width` columns. Parts that do not shrink are short and shown
 * whole, in order, as long as they fit; a part that {@link StatusPart.shrinks} (the last
 * error) has up to half of the line kept for it and is cut with `…` to the room left. So a long
 * error shortens itself, never the parts before it, and is never squeezed out.
 *
 * Widths are terminal columns ({@link displayWidth}): text is expected to be sanitised; wide
 * (CJK) characters count two.
 *
 * @param parts - the parts, in reading order
 * @param width - the line's width in columns
 * @returns the parts to show, with the shrinking one cut to fit
 */
export function fitStatusLine(parts: readonly StatusPart[], width: number): StatusPart[] {
  const length = displayWidth;
  const kept = (part: StatusPart): number =>
    Math.min(length(part.text) + separatorWidth, Math.floor(width / 2));
  // Room still promised to the shrinking parts not placed yet.
  let reserve = parts.reduce((sum, part) => sum + (part.shrinks === true ? kept(part) : 0), 0);
  const out: StatusPart[] = [];
  let used = 0;
  let full = false;
  for (const part of parts) {
    const gap = out.length > 0 ? separatorWidth : 0;
    let room = width - used - gap;
    if (part.shrinks === true) {
      reserve -= kept(part);
      if (room < 2) continue;
    } else {
      // The first part is shown whatever the width; the others whole or, once one does not
      // fit, not at all.
      if (full) continue;
      if (out.length > 0) room -= reserve;
      if (out.length > 0 && length(part.text) > room) {
        full = true;
        continue;
      }
    }
    const text = truncateToWidth(part.text, room);
    out.push({ ...part, text });
    used += gap + length(text);
  }
  return out;
}
