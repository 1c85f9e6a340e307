import { InformerError, type ErrorContext } from './informerError.js';

/** A request stayed silent longer than its idle timeout: its connection is presumed dead. */
export abstract class IdleError extends InformerError {
  readonly kind = 'idle';

  /**
   * @param idleMs - how long the request was silent
   * @param message - what happened and what the informer does about it
   * @param context - resource and resource version
   */
  constructor(
    readonly idleMs: number,
    message: string,
    context: ErrorContext,
  ) {
    super(message, context);
  }
}

/** A watch stayed silent (no event, no bookmark) longer than the idle timeout: presumed dead. */
export class WatchIdleError extends IdleError {
  /**
   * @param idleMs - how long the watch was silent
   * @param context - resource and resource version
   */
  constructor(idleMs: number, context: ErrorContext) {
    super(idleMs, `watch ${context.resource}: no event for ${idleMs} ms, reconnecting`, context);
  }
}

/**
 * A list answer stopped arriving (no byte for the idle timeout), or never started: the
 * connection is presumed dead and the list is retried.
 */
export class ListIdleError extends IdleError {
  /**
   * @param idleMs - how long the answer was silent
   * @param context - resource and resource version
   */
  constructor(idleMs: number, context: ErrorContext) {
    super(idleMs, `list ${context.resource}: no data for ${idleMs} ms, retrying`, context);
  }
}

/** A watch ended within a second without delivering anything (client-go relists after this). */
export class VeryShortWatchError extends InformerError {
  readonly kind = 'shortWatch';

  /**
   * @param durationMs - how long the watch lasted
   * @param context - resource and resource version
   */
  constructor(
    readonly durationMs: number,
    context: ErrorContext,
  ) {
    super(`watch ${context.resource}: very short watch (${durationMs} ms, no events)`, context);
  }
}
