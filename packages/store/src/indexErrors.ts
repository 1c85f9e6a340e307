/**
 * Thrown when an operation names an index the Indexer does not have.
 * The message matches client-go's: `Index with name X does not exist`.
 */
export class IndexNotFoundError extends Error {
  override readonly name = 'IndexNotFoundError';

  /** @param indexName - the unknown index name */
  constructor(readonly indexName: string) {
    super(`Index with name ${indexName} does not exist`);
  }
}

/**
 * Thrown by `addIndexers` when a new index name is already registered. Nothing is added.
 */
export class IndexConflictError extends Error {
  override readonly name = 'IndexConflictError';

  /** @param indexNames - the names registered already */
  constructor(readonly indexNames: readonly string[]) {
    super(`indexer conflict: ${indexNames.join(', ')}`);
  }
}

/**
 * Thrown when an index function throws. The write that called it is not applied: the store is
 * left exactly as it was before the call.
 */
export class IndexFuncError extends Error {
  override readonly name = 'IndexFuncError';

  /**
   * @param indexName - the index whose function threw
   * @param key - the key of the object being indexed, when known
   * @param cause - what the index function threw
   */
  constructor(
    readonly indexName: string,
    readonly key: string | undefined,
    cause: unknown,
  ) {
    super(
      `unable to calculate an index entry${key === undefined ? '' : ` for key ${JSON.stringify(key)}`} ` +
        `on index ${JSON.stringify(indexName)}: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
}
