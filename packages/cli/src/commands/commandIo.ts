/** What a command reads and writes: injectable, so tests and the entry point share the code. */
export interface CommandIo {
  /** Keys for the live table, when it is a terminal; none in tests that only read output. */
  readonly stdin?:
    | (NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown })
    | undefined;
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
  readonly env: NodeJS.ProcessEnv;
  /** Aborted by Ctrl-C / SIGTERM: the command then cleans up and returns. */
  readonly signal: AbortSignal;
}

/**
 * Resolves when the signal aborts.
 *
 * @param signal - the signal
 * @returns a promise resolved on abort (at once if already aborted)
 */
export function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
