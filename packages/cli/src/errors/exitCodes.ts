/**
 * The exit codes of `rxkube`, documented in the package README. A stop asked for with Ctrl-C
 * (SIGINT) or SIGTERM is a normal end: long-running views have no other way to finish.
 */
export const ExitCode = {
  /** Finished normally, or stopped with Ctrl-C / SIGTERM. */
  ok: 0,
  /** An unexpected internal error (a bug: please report it). */
  internal: 1,
  /** Invalid command line: unknown command or option, bad value. */
  usage: 2,
  /** The kubeconfig could not be used: missing file, unreadable YAML, unknown context. */
  kubeconfig: 3,
  /** The resource type is not served by the cluster. */
  unknownResource: 4,
  /** The cluster refused the request: 401 Unauthorized or 403 Forbidden. */
  forbidden: 5,
  /** The cluster could not be reached within `--connect-timeout`. */
  unreachable: 6,
  /** The dashboard could not listen on its address (port in use, no permission). */
  listen: 7,
} as const;

/** One of the values of {@link ExitCode}. */
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];
