import { consoleFailureLogger, type Logger } from '@rxkube/informer';
import type { ApiVerb } from '@rxkube/informer/errors';
import { Observable, type OperatorFunction } from 'rxjs';
import type { LinkOutcome } from './linkOutcome.js';

/** Options of {@link failureReports}. */
interface FailureReportsOptions {
  /** A failure already reported is held back this long and counted. Default 60,000 ms. */
  intervalMs?: number;
  /** The clock, in ms. Default `Date.now`. */
  now?: () => number;
}

/**
 * Turns an informer's link outcomes into lines for a person or a log, for the outputs that
 * have no status line (`-o json`, a table piped to a file): each distinct failure the first time,
 * then at most once per `intervalMs` with the number of repeats (the informer's own
 * `consoleFailureLogger` does the counting), and `<verb> <resource>: recovered` when a request of
 * a verb that failed works again. After a recovery the count starts afresh, so a failure that
 * comes back is reported at once.
 *
 * Messages arrive escaped ({@link LinkOutcome}); lines start with `rxkube: `.
 *
 * @param options - interval and clock
 * @returns an operator from outcomes to lines
 * @example
 * ```ts
 * tracker.outcomes$.pipe(failureReports()).subscribe((line) => process.stderr.write(`${line}\n`));
 * // rxkube: watch pods in shop: 500 InternalError: etcd is on fire
 * // rxkube: watch pods in shop: 500 InternalError: etcd is on fire (repeated 12 times since last logged)
 * // rxkube: watch pods in shop: recovered
 * ```
 */
export function failureReports(
  options: FailureReportsOptions = {},
): OperatorFunction<LinkOutcome, string> {
  return (outcomes) =>
    new Observable<string>((subscriber) => {
      const emit = (line: string): void => subscriber.next(line);
      const limiter = (): Logger =>
        consoleFailureLogger({
          intervalMs: options.intervalMs,
          now: options.now,
          console: { warn: emit, error: emit },
        });
      let logger = limiter();
      // The verbs whose failures were reported and have not recovered yet, with their resource.
      const failing = new Map<ApiVerb, string>();
      return outcomes.subscribe({
        next(outcome) {
          if (outcome.type === 'failed') {
            if (outcome.verb !== undefined) failing.set(outcome.verb, outcome.resource);
            logger.warn(outcome.message);
            return;
          }
          const resource = failing.get(outcome.verb);
          if (resource === undefined) return;
          failing.delete(outcome.verb);
          logger = limiter();
          emit(`rxkube: ${outcome.verb} ${resource}: recovered`);
        },
        error: (err: unknown) => subscriber.error(err),
        complete: () => subscriber.complete(),
      });
    });
}
