/**
 * Where the informer writes its diagnostics. Quiet by default ({@link silentLogger}); pass
 * `console` (it fits) or any structured logger (pino, winston…) through a thin adapter.
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

/** A logger that discards everything (the default). */
export const silentLogger: Logger = { debug: ignore, info: ignore, warn: ignore, error: ignore };
