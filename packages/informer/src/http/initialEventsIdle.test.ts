import { Subject, firstValueFrom, toArray } from 'rxjs';
import { ListIdleError } from '../errors.js';
import type { WatchEvent, WatchRequestOptions } from '../listerWatcher.js';
import { initialEventsEndAnnotation } from '../reflectorOptions.js';
import type { FetchResponseLike } from './apiGet.js';
import { httpListerWatcher } from './httpListerWatcher.js';

// A streaming list is a list until its initial events end: a server that accepts it and never
// answers, or stops sending before the initial-events-end bookmark, is given up on after the
// list idle timeout (a short one here), as a paged list is; afterwards it is a watch.

const idleMs = 40;
const streamingList: WatchRequestOptions = {
  resourceVersion: '',
  sendInitialEvents: true,
  resourceVersionMatch: 'NotOlderThan',
  allowWatchBookmarks: true,
};
const added = `${JSON.stringify({ type: 'ADDED', object: { metadata: { name: 'a', resourceVersion: '2' } } })}\n`;
const endBookmark = `${JSON.stringify({
  type: 'BOOKMARK',
  object: {
    metadata: { resourceVersion: '2', annotations: { [initialEventsEndAnnotation]: 'true' } },
  },
})}\n`;

/** A body that yields `lines`, then stays open, silent, until the request is aborted. */
function silentAfter(lines: string[], signal: AbortSignal): AsyncIterable<string> {
  return {
    async *[Symbol.asyncIterator]() {
      yield* lines;
      await new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      });
    },
  };
}

function lwAnswering(lines: string[] | 'never'): ReturnType<typeof httpListerWatcher<unknown>> {
  return httpListerWatcher<unknown>(
    (_path, _query, signal) =>
      lines === 'never'
        ? new Promise((_resolve, reject) => {
            signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
          })
        : Promise.resolve<FetchResponseLike>({
            status: 200,
            headers: { get: () => null },
            text: () => Promise.resolve(''),
            body: silentAfter(lines, signal),
          }),
    'pods',
    { listIdleTimeoutMs: idleMs },
  );
}

test('a streaming list the server never answers fails with a ListIdleError', async () => {
  const failure = await firstValueFrom(lwAnswering('never').watch(streamingList)).catch(
    (err: unknown) => err,
  );
  expect(failure).toBeInstanceOf(ListIdleError);
  expect(failure).toMatchObject({ kind: 'idle', idleMs });
});

test('initial events that stop before the initial-events-end bookmark fail with a ListIdleError', async () => {
  const events: WatchEvent<unknown>[] = [];
  const failure = await new Promise((resolve) => {
    lwAnswering([added])
      .watch(streamingList)
      .subscribe({
        next: (event) => events.push(event),
        error: resolve,
      });
  });
  expect(failure).toBeInstanceOf(ListIdleError);
  expect(events.map((event) => event.type)).toEqual(['ADDED']);
});

test.each([
  ['a streaming list after its initial-events-end bookmark', streamingList, [added, endBookmark]],
  ['an ordinary watch', { resourceVersion: '2' }, [added]],
] as const)(
  '%s is a watch: silence longer than the list idle timeout is not cut',
  async (_name, request, lines) => {
    const events: WatchEvent<unknown>[] = [];
    const ended = new Subject<unknown>();
    const subscription = lwAnswering([...lines])
      .watch(request)
      .subscribe({
        next: (event) => events.push(event),
        error: (err: unknown) => ended.next(err),
      });
    const outcome = firstValueFrom(ended.pipe(toArray()));
    // Several list idle timeouts of silence; the Reflector's own watch idle timeout guards it.
    await new Promise((resolve) => setTimeout(resolve, idleMs * 6));
    expect(subscription.closed).toBe(false);
    subscription.unsubscribe();
    ended.complete();
    expect(await outcome).toEqual([]);
    expect(events).toHaveLength(lines.length);
  },
);
