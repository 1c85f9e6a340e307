import { Observable } from 'rxjs';
import type { Key } from './viewState.js';

/** Escape sequences of the keys the live table uses, as xterm-like terminals send them. */
const sequences: Readonly<Record<string, string>> = {
  '\x1b[A': 'up',
  '\x1b[B': 'down',
  '\x1b[C': 'right',
  '\x1b[D': 'left',
  '\x1bOA': 'up',
  '\x1bOB': 'down',
  '\x1b[5~': 'pageup',
  '\x1b[6~': 'pagedown',
  '\x1b[H': 'home',
  '\x1b[1~': 'home',
  '\x1b[7~': 'home',
  '\x1bOH': 'home',
  '\x1b[F': 'end',
  '\x1b[4~': 'end',
  '\x1b[8~': 'end',
  '\x1bOF': 'end',
  '\x1b': 'escape',
  '\r': 'return',
  '\n': 'return',
  '\x7f': 'backspace',
  '\b': 'backspace',
  ' ': 'space',
  '\t': 'tab',
};

// One key each: a CSI or SS3 sequence, a lone ESC, or one code point.
// eslint-disable-next-line no-control-regex -- ESC starts the sequences to read
const oneKey = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1bO[@-~]|[\s\S]/gu;

/**
 * Reads keys from a terminal's input in raw mode. Node's `readline.emitKeypressEvents` waits
 * half a second after a lone Esc before reporting it (it could start a sequence); a terminal
 * writes a key's whole sequence at once, so a chunk holding only ESC is the Esc key, at once.
 *
 * @param chunk - what the terminal sent
 * @returns the keys in it, in order
 */
export function parseKeys(chunk: string): Key[] {
  return (chunk.match(oneKey) ?? []).map((sequence): Key => {
    const name = sequences[sequence];
    if (name !== undefined) return { name, sequence };
    const code = sequence.codePointAt(0) ?? 0;
    // Ctrl-A … Ctrl-Z arrive as 1 … 26.
    if (code >= 1 && code <= 26) {
      return { name: String.fromCharCode(code + 96), sequence, ctrl: true };
    }
    if (/^[a-z]$/i.test(sequence)) {
      return { name: sequence.toLowerCase(), sequence, shift: sequence !== sequence.toLowerCase() };
    }
    return { sequence };
  });
}

/**
 * The keys typed on an input stream, until unsubscribed. A terminal is put in raw mode (so keys
 * arrive one by one and Ctrl-C is a key) and restored afterwards; the stream is paused again so
 * it does not keep the process alive.
 *
 * @param input - the terminal's input (stdin), or any stream for tests
 * @returns the keys
 */
export function keypresses(
  input: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown },
): Observable<Key> {
  return new Observable<Key>((subscriber) => {
    const raw = input.isTTY === true && typeof input.setRawMode === 'function';
    if (raw) input.setRawMode?.(true);
    const onData = (chunk: Buffer | string): void => {
      for (const key of parseKeys(chunk.toString())) subscriber.next(key);
    };
    input.on('data', onData);
    input.resume();
    return () => {
      input.off('data', onData);
      if (raw) input.setRawMode?.(false);
      input.pause();
    };
  });
}
