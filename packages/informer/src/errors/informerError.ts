import { redactCredentials } from '../redactCredentials.js';
import { textOf } from '../textOf.js';

/** Discriminates the members of {@link InformerError}. */
export type InformerErrorKind =
  | 'api'
  | 'connection'
  | 'stream'
  | 'decode'
  | 'idle'
  | 'shortWatch'
  | 'watchList'
  | 'inconsistent'
  | 'tooLarge'
  | 'object'
  | 'handler'
  | 'shard'
  | 'internal';

/** Where a failure happened, as far as the informer's context knows. */
export interface ErrorContext {
  /** The resource the failing request or object belongs to, e.g. `pods in default`. */
  resource: string;
  /** The resource version the reflector was at (its last synced one), if any. */
  resourceVersion?: string | undefined;
}

/**
 * Base class of every error rxkube's informer reports on its `errors$` stream. The `kind`
 * field discriminates subclasses so a `switch` narrows the type; `resource` and
 * `resourceVersion` say where it happened.
 */
export abstract class InformerError extends Error {
  /** Which subclass this is. */
  abstract readonly kind: InformerErrorKind;
  /** The resource concerned, e.g. `pods in default`. */
  readonly resource: string;
  /** The reflector's last synced resource version when the error happened. */
  readonly resourceVersion: string | undefined;

  /**
   * @param message - human-readable text
   * @param context - resource and resource version
   * @param cause - the underlying error, if any
   */
  protected constructor(message: string, context: ErrorContext, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = new.target.name;
    this.resource = context.resource;
    this.resourceVersion = context.resourceVersion;
  }
}

/** The request verbs an `ApiError` can come from. */
export type ApiVerb = 'list' | 'watch';

/**
 * A failure's message with credentials removed, for the text of the error that wraps it.
 *
 * @param err - the underlying failure
 * @returns its message, redacted
 */
export function describeCause(err: unknown): string {
  return redactCredentials(textOf(err));
}
