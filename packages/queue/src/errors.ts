/**
 * Thrown (or rejected) by a `pop` process function to ask for the popped item to be put back.
 *
 * The item is re-queued unless the key received new changes while it was processed; those are
 * newer than the failed item and win. `pop` then rejects with {@link RequeueError.cause} when
 * there is one and resolves otherwise.
 *
 * @example
 * ```ts
 * await fifo.pop(async (deltas) => {
 *   try {
 *     await handle(deltas);
 *   } catch (err) {
 *     throw new RequeueError(err); // try again later; pop rejects with err
 *   }
 * });
 * ```
 */
export class RequeueError extends Error {
  override readonly name = 'RequeueError';

  /** @param cause - why processing failed; `pop` rejects with it after re-queuing */
  constructor(cause?: unknown) {
    super(
      cause === undefined ? 'requeue requested' : `requeue requested: ${String(cause)}`,
      cause === undefined ? undefined : { cause },
    );
  }
}

/**
 * Rejected by `pop` once the queue is closed and every remaining item has been popped.
 * A consumer loop treats it as its normal end.
 */
export class FIFOClosedError extends Error {
  override readonly name = 'FIFOClosedError';

  constructor() {
    super('the queue is closed');
  }
}

/**
 * Thrown by a work queue's `done` for an item that is not being processed: one that `get` never
 * handed out, or that was already marked done. client-go ignores such a call; here it is a
 * programming error worth surfacing, because a second `done` for an item would otherwise hide
 * the fact that two workers believed they owned it.
 */
export class ItemNotProcessingError extends Error {
  override readonly name = 'ItemNotProcessingError';

  /** @param item - the item passed to `done` */
  constructor(readonly item: unknown) {
    super(`done called for an item that is not being processed: ${describe(item)}`);
  }
}

function describe(item: unknown): string {
  if (typeof item === 'string') return JSON.stringify(item);
  try {
    return String(item);
  } catch {
    return typeof item;
  }
}

/**
 * Thrown where only changes of single objects are accepted but a change of the whole cache
 * (`ReplacedAll`, `SyncAll`, `Bookmark`, from a `RealFIFO` with `atomicEvents`) was given:
 * `applyDeltas` (expand it first with `expandAtomicDelta`) and `DeltaFIFO.addIfNotPresent`.
 */
export class AtomicDeltaError extends Error {
  override readonly name = 'AtomicDeltaError';

  /**
   * @param deltaType - the change's type
   * @param where - what refused it
   */
  constructor(
    readonly deltaType: string,
    where: string,
  ) {
    super(`${where} takes changes of single objects, not a ${deltaType} change`);
  }
}

/**
 * Thrown by the `RealFIFO` constructor for options that do not go together: `knownObjects`
 * with `atomicEvents` (an atomic queue never consults the cache), `emitDeltaTypeBookmark`
 * without `atomicEvents`, or a `batchSize` that is not a positive integer. client-go panics in
 * the same cases.
 */
export class RealFIFOOptionsError extends TypeError {
  override readonly name = 'RealFIFOOptionsError';
}
