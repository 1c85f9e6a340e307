import type { InformerEvent } from '@rxkube/informer';

/** Which part of an event source threw. */
export type EventHandlerStage = 'predicate' | 'mapper';

/**
 * A predicate or a mapper threw on an informer event. The event is skipped (it enqueues
 * nothing) and the controller keeps running: one bad object must not stop the reconciles of
 * every other. The controller reports it on its `errors$`.
 */
export class EventHandlerError extends Error {
  /**
   * @param stage - whether a predicate or the mapper threw
   * @param event - the event it threw on
   * @param cause - what it threw
   */
  constructor(
    readonly stage: EventHandlerStage,
    readonly event: InformerEvent<unknown>,
    override readonly cause: unknown,
  ) {
    super(
      `a ${stage} threw on a ${event.type} event: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.name = 'EventHandlerError';
  }
}

/**
 * Runs a predicate or mapper, turning an exception into an {@link EventHandlerError}.
 *
 * @param stage - what runs
 * @param event - the event it runs on
 * @param run - the call
 * @returns its result, or the error
 * @internal
 */
export function guarded<R>(
  stage: EventHandlerStage,
  event: InformerEvent<unknown>,
  run: () => R,
): R | EventHandlerError {
  try {
    return run();
  } catch (error: unknown) {
    return new EventHandlerError(stage, event, error);
  }
}
