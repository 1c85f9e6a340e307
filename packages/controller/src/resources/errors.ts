/** A resource description that cannot name a Kubernetes resource (see `resource()`). */
export class ResourceDescriptionError extends Error {
  /**
   * @param field - the field at fault (`plural`, `kind`…)
   * @param message - what is wrong
   */
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`resource ${field}: ${message}`);
    this.name = 'ResourceDescriptionError';
  }
}

/** What a {@link ResourceRequestError} was asked to do. */
export type ResourceVerb = 'get' | 'create' | 'update' | 'delete' | 'patch';

/**
 * A request of a `ResourceClient` that failed: answered with an error status, not answered, or
 * refused before it was sent (an object without a name, say).
 */
export class ResourceRequestError extends Error {
  /**
   * @param verb - what was asked
   * @param target - the object, `plural.group namespace/name`
   * @param status - the HTTP status of the answer; undefined when there was none
   * @param reason - the `reason` of the API server's `Status` (`NotFound`, `Conflict`…), if any
   * @param cause - the underlying error
   */
  constructor(
    readonly verb: ResourceVerb,
    readonly target: string,
    readonly status: number | undefined,
    readonly reason: string | undefined,
    cause?: unknown,
  ) {
    super(
      `${verb} ${target} failed` +
        (status === undefined ? '' : ` with ${status}${reason ? ` ${reason}` : ''}`) +
        (cause instanceof Error ? `: ${cause.message}` : ''),
      { cause },
    );
    this.name = 'ResourceRequestError';
  }

  /** @returns whether the object does not exist (404): for get-or-create and idempotent deletes */
  get notFound(): boolean {
    return this.status === 404;
  }

  /** @returns whether the write lost a race (409): read again and retry */
  get conflict(): boolean {
    return this.status === 409;
  }
}
