import { VirtualClock, eventually } from '@rxkube/devkit';
import type { KubeObject } from '@rxkube/store';
import type { InformerError } from '../errors.js';
import { silentLogger } from '../logger.js';
import { SharedIndexInformer } from '../sharedIndexInformer.js';
import { fetchListerWatcher } from './fetchListerWatcher.js';
import { pageIdleBookmarkIntervals } from './pageIdleBookmarkIntervals.js';

// A page's informer whose watch goes silent (an intermediary that never passed the end of a
// broken answer on): after 1.5 bookmark intervals without a byte, no event and no bookmark, the
// watch is restarted and a `WatchIdleError` is reported, where other informers wait 2.5.
// Virtual time: the fetches answer at once, the silence is the clock's.

const podList = {
  kind: 'PodList',
  apiVersion: 'v1',
  metadata: { resourceVersion: '10' },
  items: [
    {
      kind: 'Pod',
      apiVersion: 'v1',
      metadata: { name: 'a', namespace: 'shop', resourceVersion: '5' },
    },
  ],
};

/** A `fetch` whose lists answer `podList` and whose watches answer 200 and then say nothing. */
function silentWatchFetch(): {
  fetch: typeof globalThis.fetch;
  watches: () => number;
  close: () => void;
} {
  let watches = 0;
  const streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    if (url.searchParams.get('watch') !== 'true') {
      return new Response(JSON.stringify(podList), {
        headers: { 'Content-Type': 'application/json' },
      });
    }
    watches += 1;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        streams.add(controller);
        init?.signal?.addEventListener('abort', () => {
          streams.delete(controller);
          controller.error(new DOMException('aborted', 'AbortError'));
        });
      },
    });
    return new Response(body, { headers: { 'Content-Type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return {
    fetch,
    watches: () => watches,
    close: () => {
      for (const controller of streams) controller.close();
      streams.clear();
    },
  };
}

test('fetchListerWatcher says 1.5 bookmark intervals, unless told otherwise', () => {
  const pods = { version: 'v1', plural: 'pods' };
  expect(pageIdleBookmarkIntervals).toBe(1.5);
  expect(fetchListerWatcher('http://127.0.0.1:1', pods).idleBookmarkIntervals).toBe(1.5);
  expect(
    fetchListerWatcher('http://127.0.0.1:1', pods, { idleBookmarkIntervals: 3 })
      .idleBookmarkIntervals,
  ).toBe(3);
});

test("a page's silent watch is restarted after 90 s with a WatchIdleError, not after 150 s", async () => {
  const clock = new VirtualClock();
  const transport = silentWatchFetch();
  const informer = new SharedIndexInformer<KubeObject>(
    fetchListerWatcher<KubeObject>(
      'http://127.0.0.1:1',
      { version: 'v1', plural: 'pods' },
      {
        fetch: transport.fetch,
      },
    ),
    {
      scheduler: clock,
      reflector: { streamingList: false, random: () => 0 },
      logger: silentLogger,
    },
  );
  const errors: InformerError[] = [];
  informer.errors$.subscribe((err) => errors.push(err));
  try {
    informer.start();
    await eventually(() => informer.hasSynced() && transport.watches() === 1, 'the first watch');
    // kube-apiserver's bookmark comes about once a minute: 60 s of silence is a healthy watch.
    clock.advance(89_999);
    expect(errors).toEqual([]);
    expect(transport.watches()).toBe(1);
    clock.advance(1);
    expect(errors.map((e) => e.kind)).toEqual(['idle']);
    // Watched again from the last version, without a new list.
    await eventually(() => transport.watches() === 2, 'the second watch');
    expect(informer.getIndexer().size).toBe(1);
  } finally {
    informer.stop();
    transport.close();
  }
});
