import type { Logger } from './logger.js';
import { printableText } from './printableText.js';
import { redactCredentials } from './redactCredentials.js';

/** Options of {@link consoleFailureLogger}. */
export interface ConsoleFailureLoggerOptions {
  /**
   * After a message is written, the same message is held back for this long and only counted;
   * the next time it occurs after that, it is written with the count. Default 60,000 ms.
   */
  intervalMs?: number;
  /** The clock, in ms. Default `Date.now`; the informer passes its scheduler's clock. */
  now?: () => number;
  /** Where messages go. Default the global `console` (so it works in a browser too). */
  console?: Pick<Console, 'warn' | 'error'>;
  /** How many distinct messages to remember; the oldest is forgotten first. Default 100. */
  maxDistinct?: number;
}

/**
 * The informer's default logger, in the manner of client-go's klog: warnings and errors (every
 * failure the informer reports) go to `console.warn`/`console.error`, so an informer that gets
 * 401 forever says so instead of looking as if it were still loading; debug and info are
 * dropped. Each distinct message is written the first time, then at most once per
 * `intervalMs` with the number of repeats held back, so a failure retried every second does
 * not flood the output.
 *
 * Messages are the errors' own: they name the request, resource and the server's answer. What
 * the server wrote is untrusted, so each message is written as {@link printableText} makes it
 * (control characters escaped, so a Status message cannot drive the terminal; at most
 * 1,024 characters), after {@link redactCredentials} (URL user information
 * and `Bearer`/`Basic` values, which a server or proxy may echo). Pass `silentLogger` for no
 * output, or any {@link Logger} to route everything elsewhere.
 *
 * @param options - interval, clock, output
 * @returns the logger
 * @example
 * ```ts
 * new SharedIndexInformer(lw, { logger: consoleFailureLogger({ intervalMs: 300_000 }) });
 * // rxkube: list pods: 401 Unauthorized: Unauthorized
 * // …five minutes later, if it still fails:
 * // rxkube: list pods: 401 Unauthorized: Unauthorized (repeated 212 times since last logged)
 * ```
 */
export function consoleFailureLogger(options: ConsoleFailureLoggerOptions = {}): Logger {
  const intervalMs = options.intervalMs ?? 60_000;
  const now = options.now ?? Date.now;
  const maxDistinct = options.maxDistinct ?? 100;
  // Per message: when it was last written and how often it occurred since. Insertion order is
  // the order of last writing, so the first key is the one to forget.
  const written = new Map<string, { at: number; repeats: number }>();

  const write = (level: 'warn' | 'error', text: string): void => {
    const message = printableText(redactCredentials(text));
    const key = `${level} ${message}`;
    const time = now();
    const last = written.get(key);
    if (last !== undefined && time - last.at < intervalMs) {
      last.repeats++;
      return;
    }
    written.delete(key);
    written.set(key, { at: time, repeats: 0 });
    if (written.size > maxDistinct) written.delete(written.keys().next().value as string);
    const repeats =
      last === undefined || last.repeats === 0
        ? ''
        : ` (repeated ${last.repeats} times since last logged)`;
    (options.console ?? globalThis.console)[level](`rxkube: ${message}${repeats}`);
  };

  return {
    debug: ignore,
    info: ignore,
    warn: (message) => write('warn', message),
    error: (message) => write('error', message),
  };
}

function ignore(): void {}
