import { ExitCode, type ExitCodeValue } from './exitCodes.js';

/**
 * An expected failure with a message meant for the user and the exit code that goes with it.
 * The entry point prints `error: <message>` (and the hint, if any) and exits; no stack trace.
 */
export class CliError extends Error {
  /**
   * @param message - what went wrong, in a sentence
   * @param exitCode - the process exit code
   * @param hint - what to try next, if there is something useful to say
   */
  constructor(
    message: string,
    readonly exitCode: ExitCodeValue,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/**
 * The kubeconfig is missing, unreadable or lacks the context asked for.
 *
 * @param message - what is wrong with it
 * @param hint - what to try
 * @returns the error
 */
export function kubeconfigError(message: string, hint?: string): CliError {
  return new CliError(message, ExitCode.kubeconfig, hint);
}
