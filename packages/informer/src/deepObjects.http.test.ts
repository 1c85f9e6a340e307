import { jest } from '@jest/globals';
import { eventually } from '@rxkube/devkit';
import type { KubeObject } from '@rxkube/store';
import { deeplyNested, FakeApiServer, loadPods, type NestingShape } from '@rxkube/testing';
import { listerWatcher } from './clientNode/clientNodeListerWatcher.js';
import type { InformerError } from './errors.js';
import { fetchListerWatcher } from './fetch/fetchListerWatcher.js';
import type { ListerWatcher } from './listerWatcher.js';
import { silentLogger } from './logger.js';
import { SharedIndexInformer } from './sharedIndexInformer.js';
import { stopWhenSocketsClosed } from './testSupport/stopWhenSocketsClosed.testing.js';

// kube-apiserver accepts 10,000 levels of JSON nesting. One such object among ordinary ones
// must be cached, frozen, like any other, and must not keep the rest from syncing (a recursive
// freeze overflowed the stack on it, and the informer relisted and failed forever).
// Real HTTP on a loaded machine: more than Jest's default 5 s.
jest.setTimeout(30_000);
const DEPTH = 10_000;

let server: FakeApiServer;
let informer: SharedIndexInformer<KubeObject> | undefined;
let errors: InformerError[];

beforeEach(async () => {
  server = await FakeApiServer.start({ seed: 3 });
  errors = [];
});
afterEach(async () => {
  informer?.stop();
  await stopWhenSocketsClosed(server);
});

function deepPod(name: string, shape: NestingShape): Parameters<FakeApiServer['create']>[0] {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'a' },
    spec: { containers: [{ name: 'c', image: 'i' }], deep: deeplyNested(DEPTH, shape) },
  };
}

/** The innermost value of a `deeplyNested` value, and whether every level on the way is frozen. */
function innermost(value: unknown): { leaf: unknown; frozen: boolean; depth: number } {
  let node = value;
  let frozen = true;
  let depth = 0;
  while (typeof node === 'object' && node !== null) {
    frozen &&= Object.isFrozen(node);
    node = Array.isArray(node) ? node[0] : (node as { a: unknown }).a;
    depth += 1;
  }
  return { leaf: node, frozen, depth };
}

const lister = {
  'client-node': (): ListerWatcher<KubeObject> =>
    listerWatcher(server.kubeConfig(), { version: 'v1', plural: 'pods' }, { pageSize: 7 }),
  fetch: (): ListerWatcher<KubeObject> =>
    fetchListerWatcher<KubeObject>(
      server.url,
      { version: 'v1', plural: 'pods' },
      { headers: { Authorization: `Bearer ${server.token}` }, pageSize: 7 },
    ),
};

test.each(['client-node', 'fetch'] as const)(
  'an informer (%s) syncs with an object nested 10,000 levels deep among ordinary ones, all frozen, and follows more by watch',
  async (kind) => {
    loadPods(server, { count: 20, namespaces: ['a', 'b'] });
    server.create(deepPod('deep-mixed', 'mixed'));
    informer = new SharedIndexInformer(lister[kind](), {
      reflector: { backoff: { initialMs: 5, maxMs: 50 } },
      logger: silentLogger,
      freeze: true,
    });
    informer.errors$.subscribe((err) => errors.push(err));
    informer.start();
    expect(await informer.waitForCacheSync()).toBe(true);
    expect(informer.getIndexer().size).toBe(21);
    const cached = informer.lister().get('a/deep-mixed') as { spec: { deep: unknown } };
    expect(innermost(cached.spec.deep)).toEqual({ leaf: 'leaf', frozen: true, depth: DEPTH });
    expect(
      informer
        .lister()
        .list()
        .every((pod) => Object.isFrozen(pod.metadata)),
    ).toBe(true);

    await eventually(() => server.openWatches === 1, 'the watch');
    server.create(deepPod('deep-objects', 'objects'));
    server.create(deepPod('deep-arrays', 'arrays'));
    await eventually(() => informer!.getIndexer().size === 23, 'the deep objects by watch');
    for (const name of ['deep-objects', 'deep-arrays']) {
      const watched = informer.lister().get(`a/${name}`) as { spec: { deep: unknown } };
      expect(innermost(watched.spec.deep)).toEqual({ leaf: 'leaf', frozen: true, depth: DEPTH });
    }
    expect(errors).toEqual([]);
  },
);
