import { Subscription, type Observable } from 'rxjs';

/**
 * Waits for a sync flag to turn true: the promise behind `waitForCacheSync`.
 *
 * @param synced$ - whether synced, the current value on subscription; it completes when it can
 *   no longer turn true (the informer stopped)
 * @param signal - gives up when aborted
 * @returns a promise of true once `synced$` emits true; false if it completes or `signal`
 *   aborts first. No listener or subscription is left behind either way.
 * @internal
 */
export function waitForSync(synced$: Observable<boolean>, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted === true) return Promise.resolve(false);
  return new Promise<boolean>((resolve) => {
    const waiting = new Subscription();
    const done = (synced: boolean): void => {
      waiting.unsubscribe();
      resolve(synced);
    };
    const onAbort = (): void => done(false);
    signal?.addEventListener('abort', onAbort, { once: true });
    waiting.add(() => signal?.removeEventListener('abort', onAbort));
    waiting.add(
      synced$.subscribe({
        next: (synced) => synced && done(true),
        complete: () => done(false),
      }),
    );
  });
}
