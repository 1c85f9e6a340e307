import { runInNewContext } from 'node:vm';

/**
 * Jest's default test timeout. A synchronous call that runs longer (a regular expression
 * backtracking) never yields to Jest's own timer, so the bound is applied here instead.
 */
const jestDefaultTimeoutMs = 5_000;

/**
 * Runs synchronous work, interrupting it (a thrown "Script execution timed out") if it runs past
 * Jest's default test timeout: a test of work that must stay linear on hostile input fails
 * instead of blocking the suite for the minutes quadratic work takes.
 *
 * @param work - the work, synchronous
 * @returns what the work returns
 */
export function withinTestTimeout<T>(work: () => T): T {
  const context = { work, result: undefined as T | undefined };
  runInNewContext('result = work()', context, { timeout: jestDefaultTimeoutMs });
  return context.result as T;
}
