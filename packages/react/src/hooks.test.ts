/**
 * @jest-environment ./jsdomEnvironment.js
 */
import { jest } from '@jest/globals';
import { InformerError, type SharedIndexInformer } from '@rxkube/informer';
import { IndexNotFoundError, NamespaceIndex, type KubeObject } from '@rxkube/store';
import { Component, StrictMode, createElement, type ReactNode } from 'react';
import { podsResource, testApp, type TestApp } from './render.testing.js';
import type { TestPod } from './scriptedListerWatcher.testing.js';
import { MissingRxkubeProviderError } from './rxkubeProvider.js';
import { useByIndex } from './useByIndex.js';
import { useInformer } from './useInformer.js';
import { statusTrackerOf } from './informerStatusTracker.js';
import { useInformerStatus } from './useInformerStatus.js';
import { useList } from './useList.js';
import { useObject } from './useObject.js';

let app: TestApp;
afterEach(async () => {
  await app.unmount();
});

/** Records each render of a component and the answer it rendered. */
function recorder<A>(): { renders: A[]; last(): A } {
  const renders: A[] = [];
  return {
    renders,
    last() {
      if (renders.length === 0) throw new Error('never rendered');
      return renders[renders.length - 1] as A;
    },
  };
}

function ObjectView(props: { id: string; seen: Recorder<TestPod | undefined> }): ReactNode {
  const pods = useInformer<TestPod>(podsResource);
  props.seen.renders.push(useObject(pods, props.id));
  return null;
}

function NamespaceView(props: {
  namespace: string;
  seen: Recorder<readonly TestPod[]>;
}): ReactNode {
  const pods = useInformer<TestPod>(podsResource);
  props.seen.renders.push(useByIndex(pods, NamespaceIndex, props.namespace));
  return null;
}

const isPending = (pod: TestPod): boolean => pod.status?.phase === 'Pending';

function PendingView(props: { seen: Recorder<readonly TestPod[]> }): ReactNode {
  const pods = useInformer<TestPod>(podsResource);
  props.seen.renders.push(useList(pods, isPending));
  return null;
}

function InformerView(props: { seen: Recorder<SharedIndexInformer<KubeObject>> }): ReactNode {
  props.seen.renders.push(useInformer(podsResource));
  return null;
}

type Recorder<T> = ReturnType<typeof recorder<T>>;

const names = (pods: readonly TestPod[]): string[] => pods.map((p) => p.metadata.name).sort();

describe('answers re-render only when they change', () => {
  test('useObject re-renders for its own object, not when another one changes', async () => {
    app = testApp();
    app.lw.put('default', 'x');
    app.lw.put('default', 'y');
    const seen = recorder<TestPod | undefined>();
    await app.render(createElement(ObjectView, { id: 'default/x', seen }));
    expect(seen.last()?.metadata.name).toBe('x');
    const rendersAfterSync = seen.renders.length;

    await app.change((lw) => lw.put('default', 'y', 'Failed'));
    await app.change((lw) => lw.put('default', 'z'));
    await app.change((lw) => lw.remove('default', 'y'));
    expect(seen.renders.length).toBe(rendersAfterSync);

    await app.change((lw) => lw.put('default', 'x', 'Succeeded'));
    expect(seen.renders.length).toBe(rendersAfterSync + 1);
    expect(seen.last()?.status?.phase).toBe('Succeeded');

    await app.change((lw) => lw.remove('default', 'x'));
    expect(seen.last()).toBeUndefined();
  });

  test('useByIndex re-renders when its namespace changes, with the same array otherwise', async () => {
    app = testApp();
    app.lw.put('shop', 'web');
    const seen = recorder<readonly TestPod[]>();
    await app.render(createElement(NamespaceView, { namespace: 'shop', seen }));
    expect(names(seen.last())).toEqual(['web']);
    const before = seen.renders.length;
    const answer = seen.last();

    await app.change((lw) => lw.put('default', 'other'));
    expect(seen.renders.length).toBe(before);
    expect(seen.last()).toBe(answer);

    await app.change((lw) => lw.put('shop', 'db'));
    expect(names(seen.last())).toEqual(['db', 'web']);
  });

  test('useList with a predicate re-renders only when the matching objects change', async () => {
    app = testApp();
    app.lw.put('default', 'a', 'Pending');
    app.lw.put('default', 'b', 'Running');
    const seen = recorder<readonly TestPod[]>();
    await app.render(createElement(PendingView, { seen }));
    expect(names(seen.last())).toEqual(['a']);
    const before = seen.renders.length;

    await app.change((lw) => lw.put('default', 'b', 'Succeeded'));
    await app.change((lw) => lw.put('default', 'c', 'Running'));
    expect(seen.renders.length).toBe(before);

    await app.change((lw) => lw.put('default', 'c', 'Pending'));
    expect(names(seen.last())).toEqual(['a', 'c']);
    await app.change((lw) => lw.remove('default', 'a'));
    expect(names(seen.last())).toEqual(['c']);
  });
});

describe('shared informers', () => {
  test('two components asking for the same resource share one informer: one list, one watch', async () => {
    app = testApp();
    const first = recorder<SharedIndexInformer<KubeObject>>();
    const second = recorder<SharedIndexInformer<KubeObject>>();
    await app.render([
      createElement(InformerView, { key: 1, seen: first }),
      createElement(InformerView, { key: 2, seen: second }),
    ]);
    expect(first.last()).toBe(second.last());
    expect(first.last().hasSynced()).toBe(true);
    expect(app.created).toHaveLength(1);
    expect(app.lw.lists).toBe(1);
    expect(app.lw.openWatches).toBe(1);
  });

  test('the informer stops and the watch is unsubscribed a grace period after the last user unmounts', async () => {
    app = testApp(1_000);
    const seen = recorder<SharedIndexInformer<KubeObject>>();
    await app.render(createElement(InformerView, { seen }));
    const informer = seen.last();
    expect(app.lw.openWatches).toBe(1);

    await app.render(null);
    await app.advance(999);
    expect(informer.isStopped()).toBe(false);
    expect(app.lw.openWatches).toBe(1);

    await app.advance(1);
    expect(informer.isStopped()).toBe(true);
    expect(app.lw.openWatches).toBe(0);
    expect(app.clock.actions).toHaveLength(0);
  });

  test('a user that comes back within the grace period gets the running informer, without a new list', async () => {
    app = testApp(1_000);
    const seen = recorder<SharedIndexInformer<KubeObject>>();
    await app.render(createElement(InformerView, { seen }));
    const informer = seen.last();
    await app.render(null);
    await app.advance(500);
    await app.render(createElement(InformerView, { seen }));
    await app.advance(5_000);

    expect(seen.last()).toBe(informer);
    expect(informer.isStopped()).toBe(false);
    expect(app.lw.lists).toBe(1);
  });

  test('after a stop, a new user gets a new informer', async () => {
    app = testApp(1_000);
    const seen = recorder<SharedIndexInformer<KubeObject>>();
    await app.render(createElement(InformerView, { seen }));
    const stopped = seen.last();
    await app.render(null);
    await app.advance(1_000);
    await app.render(createElement(InformerView, { seen }));

    expect(seen.last()).not.toBe(stopped);
    expect(seen.last().hasSynced()).toBe(true);
    expect(app.lw.openWatches).toBe(1);
  });

  test('an informer stopped while in use is replaced by a running one, which its component renders with', async () => {
    app = testApp();
    app.lw.put('default', 'x');
    const informers = recorder<SharedIndexInformer<KubeObject>>();
    const objects = recorder<TestPod | undefined>();
    await app.render([
      createElement(InformerView, { key: 'i', seen: informers }),
      createElement(ObjectView, { key: 'o', id: 'default/x', seen: objects }),
    ]);
    const stopped = informers.last();

    await app.change(() => stopped.stop());
    expect(informers.last()).not.toBe(stopped);
    expect(informers.last().isStarted()).toBe(true);
    expect(app.lw.lists).toBe(2);
    expect(app.lw.openWatches).toBe(1);
    await app.change((lw) => lw.put('default', 'x', 'Failed'));
    expect(objects.last()?.status?.phase).toBe('Failed');
  });

  test('StrictMode mounts twice but lists once, keeps one watch, and still cleans up', async () => {
    app = testApp(1_000);
    app.lw.put('default', 'x');
    const seen = recorder<TestPod | undefined>();
    await app.render(createElement(ObjectView, { id: 'default/x', seen }), (tree) =>
      createElement(StrictMode, null, tree),
    );
    expect(seen.last()?.metadata.name).toBe('x');
    expect(app.created).toHaveLength(1);
    expect(app.lw.lists).toBe(1);
    expect(app.lw.openWatches).toBe(1);

    // The effect replay released and re-acquired the informer: it must outlive the grace period.
    await app.advance(5_000);
    expect(app.lw.openWatches).toBe(1);
    await app.change((lw) => lw.put('default', 'x', 'Failed'));
    expect(seen.last()?.status?.phase).toBe('Failed');
    expect(app.lw.lists).toBe(1);

    await app.render(null, (tree) => createElement(StrictMode, null, tree));
    await app.advance(1_000);
    expect(app.lw.openWatches).toBe(0);
  });
});

describe('errors', () => {
  function StatusView(props: { seen: Recorder<ReturnType<typeof useInformerStatus>> }): ReactNode {
    props.seen.renders.push(useInformerStatus(useInformer(podsResource)));
    return null;
  }

  test('useInformerStatus shows a failing list as a typed error, then the sync once it recovers', async () => {
    app = testApp();
    app.lw.listFailure = new Error('list refused');
    const seen = recorder<ReturnType<typeof useInformerStatus>>();
    await app.render(createElement(StatusView, { seen }));
    expect(seen.last().hasSynced).toBe(false);
    expect(seen.last().lastError).toBeInstanceOf(InformerError);
    expect(seen.last().lastError?.message).toContain('list refused');

    app.lw.listFailure = undefined;
    app.lw.put('default', 'x');
    await app.advance(60_000);
    expect(seen.last().hasSynced).toBe(true);
    expect(seen.last().errorCount).toBeGreaterThanOrEqual(1);
  });

  test('useInformerStatus says when the informer backs off after a 410, since when its pods are stale, and that it recovered', async () => {
    app = testApp();
    app.lw.put('default', 'x');
    const seen = recorder<ReturnType<typeof useInformerStatus>>();
    await app.render(createElement(StatusView, { seen }));
    await app.advance(5_000);
    expect(seen.last()).toMatchObject({
      hasSynced: true,
      phase: 'watching',
      staleSince: undefined,
    });

    const brokeAt = app.clock.now();
    await app.change((lw) => lw.expire());
    const backingOff = seen.last();
    expect(backingOff).toMatchObject({ phase: 'backingOff', staleSince: brokeAt, errorCount: 1 });
    // client-go's first wait: 800 ms, stretched by up to 100 % of jitter.
    expect(backingOff.retryAt! - brokeAt).toBeGreaterThanOrEqual(800);
    expect(backingOff.retryAt! - brokeAt).toBeLessThan(1_600);

    await app.advance(2_000);
    expect(seen.last()).toMatchObject({ phase: 'watching', staleSince: undefined, errorCount: 1 });
  });

  test('useInformerStatus moves to a new lastError and its errorCount in one step: no snapshot names a failure it has not counted', async () => {
    app = testApp();
    app.lw.put('default', 'x');
    const informers = recorder<SharedIndexInformer<KubeObject>>();
    const seen = recorder<ReturnType<typeof useInformerStatus>>();
    await app.render(
      createElement(
        'div',
        null,
        createElement(InformerView, { seen: informers }),
        createElement(StatusView, { seen }),
      ),
    );
    await app.advance(5_000);
    // What React reads each time the status tells it that something changed: `act` batches
    // renders, so the snapshots are taken where React takes them.
    const tracker = statusTrackerOf(informers.last());
    let previous = tracker.getSnapshot();
    const steps: { newError: boolean; counted: number }[] = [];
    const stop = tracker.subscribe(() => {
      const next = tracker.getSnapshot();
      steps.push({
        newError: next.lastError !== previous.lastError,
        counted: next.errorCount - previous.errorCount,
      });
      previous = next;
    });

    await app.change((lw) => lw.expire());
    await app.advance(2_000);
    await app.change((lw) => lw.expire());
    await app.advance(5_000);
    stop();

    // Each failure is one step that brings the new error and its count together.
    expect(steps.filter((step) => step.newError)).toEqual([
      { newError: true, counted: 1 },
      { newError: true, counted: 1 },
    ]);
    expect(steps.filter((step) => !step.newError && step.counted !== 0)).toEqual([]);
    expect(seen.last().errorCount).toBe(2);
  });

  class Boundary extends Component<
    { children?: ReactNode; caught: unknown[] },
    { failed: boolean }
  > {
    override state = { failed: false };
    static getDerivedStateFromError(): { failed: boolean } {
      return { failed: true };
    }
    override componentDidCatch(error: unknown): void {
      this.props.caught.push(error);
    }
    override render(): ReactNode {
      return this.state.failed ? null : this.props.children;
    }
  }

  function UnknownIndexView(): ReactNode {
    useByIndex(useInformer(podsResource), 'byNode', 'node-1');
    return null;
  }

  test('an unknown index reaches the error boundary as IndexNotFoundError; other components go on', async () => {
    app = testApp();
    app.lw.put('default', 'x');
    const caught: unknown[] = [];
    const seen = recorder<TestPod | undefined>();
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await app.render([
        createElement(Boundary, { key: 'b', caught }, createElement(UnknownIndexView)),
        createElement(ObjectView, { key: 'o', id: 'default/x', seen }),
      ]);
    } finally {
      quiet.mockRestore();
    }
    expect(caught[0]).toBeInstanceOf(IndexNotFoundError);
    await app.change((lw) => lw.put('default', 'x', 'Failed'));
    expect(seen.last()?.status?.phase).toBe('Failed');
  });

  test('useInformer outside a provider throws MissingRxkubeProviderError', async () => {
    app = testApp();
    const caught: unknown[] = [];
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await app.render(null, () =>
        createElement(
          Boundary,
          { caught },
          createElement(InformerView, { seen: recorder<SharedIndexInformer<KubeObject>>() }),
        ),
      );
    } finally {
      quiet.mockRestore();
    }
    expect(caught[0]).toBeInstanceOf(MissingRxkubeProviderError);
  });
});
