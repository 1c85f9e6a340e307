/**
 * Where the informer writes its diagnostics. By default each distinct failure goes to the
 * console, rate-limited (`consoleFailureLogger`); pass {@link silentLogger} for none, `console`
 * (it fits) for everything, or any structured logger (pino, winston…) through a thin adapter.
 */
export interface Logger {
  /** Routine activity: lists, watches, resyncs. */
  debug(message: string, fields?: Record<string, unknown>): void;
  /** Notable but expected events: relists, reconnections. */
  info(message: string, fields?: Record<string, unknown>): void;
  /** Failures the informer recovers from. */
  warn(message: string, fields?: Record<string, unknown>): void;
  /** Failures that need attention. */
  error(message: string, fields?: Record<string, unknown>): void;
}

const ignore = (): void => {};

/** A logger that discards everything: pass it where failures are expected and handled. */
export const silentLogger: Logger = { debug: ignore, info: ignore, warn: ignore, error: ignore };
