import { Observable, type MonoTypeOperatorFunction } from 'rxjs';

/**
 * Measures how long each pop of the queue takes to process: the synchronous work downstream of
 * this operator (applying the pop to the cache, publishing the snapshot, buffering its events
 * for the handlers), as client-go's `informer_processing_latency_seconds` measures its
 * `process` call. Other values pass untimed. Handlers run later, from their own buffers, so
 * their time is not in it: their backlog shows that instead.
 *
 * @typeParam V - the queue's events, of which pops have type `popped`
 * @param now - the clock, in ms
 * @param observe - receives each pop's processing time, in seconds
 * @returns the operator
 * @internal
 */
export function timePops<V extends { readonly type: string }>(
  now: () => number,
  observe: (seconds: number) => void,
): MonoTypeOperatorFunction<V> {
  return (source) =>
    new Observable<V>((subscriber) =>
      source.subscribe({
        next: (value) => {
          if (value.type !== 'popped') {
            subscriber.next(value);
            return;
          }
          const started = now();
          subscriber.next(value);
          observe((now() - started) / 1000);
        },
        error: (err: unknown) => subscriber.error(err),
        complete: () => subscriber.complete(),
      }),
    );
}
