import { InformerError, describeCause, type ErrorContext, type ApiVerb } from './informerError.js';

/**
 * An answer's body broke off after the server had started sending it (connection reset, a
 * chunked body cut short): a dropped connection, retried like one.
 */
export abstract class StreamError extends InformerError {
  readonly kind = 'stream';

  /**
   * @param verb - the request whose answer broke
   * @param message - what happened
   * @param context - resource and resource version
   * @param cause - the stream error
   */
  constructor(
    readonly verb: ApiVerb,
    message: string,
    context: ErrorContext,
    cause: unknown,
  ) {
    super(message, context, cause);
  }
}

/** An open watch stream broke before the server ended it (connection reset, aborted body). */
export class WatchStreamError extends StreamError {
  /**
   * @param context - resource and resource version
   * @param cause - the stream error
   */
  constructor(context: ErrorContext, cause: unknown) {
    super(
      'watch',
      `watch ${context.resource}: stream broke: ${describeCause(cause)}`,
      context,
      cause,
    );
  }
}

/**
 * A list answer broke off mid-body (e.g. node-fetch's "Premature close" when the connection of
 * a chunked answer closes early). The list is retried after backoff.
 */
export class ListStreamError extends StreamError {
  /**
   * @param context - resource and resource version
   * @param cause - the stream error
   */
  constructor(context: ErrorContext, cause: unknown) {
    super(
      'list',
      `list ${context.resource}: answer broke off: ${describeCause(cause)}`,
      context,
      cause,
    );
  }
}

/**
 * An answer could not be decoded: a watch line that is not a valid event (bad JSON, unknown
 * type, missing object), a list body that is not a list, or an object the lister-watcher's
 * `decode` threw on (its error is the `cause`).
 */
export class DecodeError extends InformerError {
  readonly kind = 'decode';
  /** The offending text, cut to its first 200 characters. */
  readonly text: string;

  /**
   * @param verb - the request whose answer was undecodable
   * @param text - the offending text
   * @param problem - what is wrong with it
   * @param context - resource and resource version
   * @param cause - what the lister-watcher's `decode` threw, when that is the problem
   */
  constructor(
    readonly verb: ApiVerb,
    text: string,
    problem: string,
    context: ErrorContext,
    cause?: unknown,
  ) {
    super(
      `${verb} ${context.resource}: undecodable answer (${problem}): ${text.slice(0, 200)}`,
      context,
      cause,
    );
    this.text = text.slice(0, 200);
  }
}

/**
 * An answer passed its size limit: a watch event longer than `maxEventBytes` (16 MiB by
 * default, client-go's limit), or a list answer (a page, or a streaming list's initial events)
 * longer than `maxListBytes` (1 GiB by default); {@link ListItemTooLargeError} for one item of a
 * list. Sizes are counted as the answer arrives, after any `Content-Encoding` is undone, so a
 * compressed answer is held to what it inflates to. Nothing more of it is read: the request is
 * aborted, and the Reflector recovers as from an undecodable answer (backoff, then a list).
 */
export class TooLargeError extends InformerError {
  readonly kind = 'tooLarge';

  /**
   * @param verb - the request whose answer was too large
   * @param limitBytes - the limit it passed
   * @param context - resource and resource version
   */
  constructor(
    readonly verb: ApiVerb,
    readonly limitBytes: number,
    context: ErrorContext,
  ) {
    super(
      verb === 'watch'
        ? `watch ${context.resource}: event larger than ${limitBytes} bytes, watch ended`
        : `list ${context.resource}: answer larger than ${limitBytes} bytes, list abandoned`,
      context,
    );
  }
}

/**
 * One item of a list answer (or what comes before or after the items) passed `maxEventBytes`,
 * the limit of one object (16 MiB by default; a list item is the same object a watch event
 * carries). It is refused as it arrives, before it is copied and decoded: a compressed answer
 * that inflates into one huge item costs about the limit, not the item's size several times
 * over. Handled as any {@link TooLargeError}: the list is retried after backoff.
 */
export class ListItemTooLargeError extends TooLargeError {
  /**
   * @param limitBytes - the limit it passed
   * @param context - resource and resource version
   */
  constructor(limitBytes: number, context: ErrorContext) {
    super('list', limitBytes, context);
    this.message = `list ${context.resource}: item larger than ${limitBytes} bytes, list abandoned`;
  }
}
