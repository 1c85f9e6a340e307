import { styleText } from 'node:util';
import type { StatusTone } from '../view/podStatus.js';

/** Text styles for the terminal; identity functions when colour is off. */
export interface Style {
  bold(text: string): string;
  dim(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  red(text: string): string;
  cyan(text: string): string;
  /**
   * @param text - a status value
   * @param tone - how it reads
   * @returns the text coloured for its tone
   */
  tone(text: string, tone: StatusTone): string;
}

/**
 * Whether to colour a stream: a terminal, and neither `NO_COLOR` nor `--no-color`.
 *
 * @param stream - the output stream
 * @param env - the environment
 * @returns true to colour
 */
export function colorEnabled(
  stream: { isTTY?: boolean },
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  return stream.isTTY === true && (env['NO_COLOR'] ?? '') === '' && env['TERM'] !== 'dumb';
}

/**
 * Terminal styles with Node's own `util.styleText` (no colour library needed).
 *
 * @param enabled - colour on or off
 * @returns the styles
 */
export function makeStyle(enabled: boolean): Style {
  const wrap =
    (format: Parameters<typeof styleText>[0]) =>
    (text: string): string =>
      enabled ? styleText(format, text) : text;
  const style = {
    bold: wrap('bold'),
    dim: wrap('dim'),
    green: wrap('green'),
    yellow: wrap('yellow'),
    red: wrap('red'),
    cyan: wrap('cyan'),
  };
  return {
    ...style,
    tone: (text, tone) =>
      tone === 'good'
        ? style.green(text)
        : tone === 'progress'
          ? style.yellow(text)
          : tone === 'bad'
            ? style.red(text)
            : style.dim(text),
  };
}
