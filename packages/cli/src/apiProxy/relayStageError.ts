/**
 * A failure of one of the proxy's own stages between the API server's answer and the client
 * (the redaction of a value over its bound or not JSON, the credential removal), as opposed to
 * the API server's answer breaking off. A watch whose answer breaks off is ended (the client
 * watches again, losing nothing); one whose relay fails is cut instead: ended cleanly, it would
 * send the client back to the same resource version, to the same event, failing again forever
 * with no error shown.
 */
export class RelayStageError extends Error {
  override readonly name = 'RelayStageError';

  /**
   * @param message - what failed
   * @param options - the failure it stands for, if any
   */
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * The failure of a stage as a {@link RelayStageError} (as it is when it already is one).
 *
 * @param err - what a stage threw
 * @returns the typed error to fail the stage with
 */
export function relayStageError(err: unknown): RelayStageError {
  if (err instanceof RelayStageError) return err;
  return new RelayStageError(err instanceof Error ? err.message : String(err), { cause: err });
}
