import { FakeApiServer } from '../fakeApiServer.js';
import { seededRandom } from '../faults/random.js';
import { loadPods } from './bulkLoader.js';
import { ChurnGenerator } from './churnGenerator.js';
import { realisticPod } from './podFactory.js';
import { eventually } from '@rxkube/devkit';

let server: FakeApiServer;
beforeEach(async () => {
  server = await FakeApiServer.start();
});
afterEach(() => server.stop());

test('realistic pods are 2–4 KB of JSON with labels, owner references and container statuses', () => {
  const random = seededRandom(1);
  for (let i = 0; i < 20; i += 1) {
    const p = realisticPod({ namespace: 'ns', name: `p${i}`, random });
    const size = JSON.stringify(p).length;
    expect(size).toBeGreaterThanOrEqual(2048);
    expect(size).toBeLessThanOrEqual(4096);
    expect(p.metadata.ownerReferences?.[0]?.kind).toBe('ReplicaSet');
    expect((p['status'] as { containerStatuses: unknown[] }).containerStatuses).toHaveLength(2);
  }
});

test('the bulk loader fills the server with N pods across namespaces, reproducibly', () => {
  loadPods(server, { count: 2_000, namespaces: ['a', 'b', 'c'], seed: 4 });
  expect(server.list('v1', 'Pod')).toHaveLength(2_000);
  expect(server.list('v1', 'Pod', 'b')).toHaveLength(667);
  expect(server.resourceVersion).toBe('2001');
});

test('churn applies the requested number of operations with the mix, deterministically per seed', async () => {
  const run = async () => {
    const s = await FakeApiServer.start();
    try {
      const churn = new ChurnGenerator(s, {
        seed: 11,
        mix: { create: 2, update: 5, delete: 1 },
        namespaces: ['x', 'y'],
      });
      churn.step(500);
      return { stats: { ...churn.stats }, names: s.list('v1', 'Pod').map((p) => p.metadata.name) };
    } finally {
      await s.stop();
    }
  };
  const first = await run();
  expect(first.stats.created + first.stats.updated + first.stats.deleted).toBe(500);
  expect(first.stats.updated).toBeGreaterThan(first.stats.created);
  expect(first.stats.created).toBeGreaterThan(first.stats.deleted);
  expect(await run()).toEqual(first);
});

test('churn respects maxObjects and stops its timer when the server stops', async () => {
  const churn = new ChurnGenerator(server, { ratePerSecond: 2_000, maxObjects: 10 });
  churn.start();
  await eventually(() => churn.stats.updated > 50);
  expect(server.list('v1', 'Pod').length).toBeLessThanOrEqual(10);
  await server.stop();
  await eventually(() => !churn.running);
  expect(churn.running).toBe(false);
});
