import { metaNamespaceKeyFunc } from '@rxkube/store';
import { printableText } from '../printableText.js';
import { redactCredentials } from '../redactCredentials.js';
import { InformerError, describeCause, type ErrorContext } from './informerError.js';

// The key the standard key function gives, if any: the error names the object by it even when
// the informer keys by something else, as `namespace/name` is what a reader looks for.
function keyHint(object: unknown): string | undefined {
  try {
    return metaNamespaceKeyFunc(object);
  } catch {
    return undefined;
  }
}

/**
 * An object could not enter the cache: it has no key (malformed metadata), the transform threw,
 * it could not be frozen (the transform put a value there that cannot be, such as a typed
 * array), or an index function threw. The object is skipped; everything else goes on.
 */
export class ObjectError extends InformerError {
  readonly kind = 'object';
  /**
   * The object's `namespace/name` (or `name`), read from its metadata, so that a report says
   * which object was skipped; undefined when its metadata has no usable name.
   */
  readonly key: string | undefined;

  /**
   * @param object - the offending object
   * @param stage - where it failed
   * @param context - resource and resource version
   * @param cause - the underlying error
   */
  constructor(
    readonly object: unknown,
    readonly stage: 'key' | 'transform' | 'freeze' | 'cache',
    context: ErrorContext,
    cause: unknown,
  ) {
    const key = keyHint(object);
    const named =
      key === undefined ? 'object' : `object ${printableText(redactCredentials(key), 300)}`;
    super(
      `${context.resource}: ${named} skipped at ${stage}: ${describeCause(cause)}`,
      context,
      cause,
    );
    this.key = key;
  }
}

/** An event handler threw or rejected. The handler keeps receiving later events. */
export class HandlerError extends InformerError {
  readonly kind = 'handler';

  /**
   * @param handler - the handler's name
   * @param event - the event type it failed on
   * @param context - resource and resource version
   * @param cause - what it threw
   */
  constructor(
    readonly handler: string,
    readonly event: 'add' | 'update' | 'delete',
    context: ErrorContext,
    cause: unknown,
  ) {
    super(
      `${context.resource}: handler ${handler} failed on ${event}: ${describeCause(cause)}`,
      context,
      cause,
    );
  }
}

/**
 * The informer's `shard` Observable gave a shard that cannot be used (its `cause` is the
 * `ShardRangeError`), or failed. The informer keeps the shard it has.
 */
export class ShardError extends InformerError {
  readonly kind = 'shard';

  /**
   * @param context - resource and resource version
   * @param cause - the invalid shard's error, or the stream's failure
   */
  constructor(context: ErrorContext, cause: unknown) {
    super(`${context.resource}: shard ignored: ${describeCause(cause)}`, context, cause);
  }
}

/** A failure of the informer's own machinery; reported rather than thrown. */
export class InternalError extends InformerError {
  readonly kind = 'internal';

  /**
   * @param context - resource and resource version
   * @param cause - the failure
   */
  constructor(context: ErrorContext, cause: unknown) {
    super(`${context.resource}: internal error: ${describeCause(cause)}`, context, cause);
  }
}
