import { Watch } from '@kubernetes/client-node';
import { FakeApiServer } from '../fakeApiServer.js';
import { eventually } from '@rxkube/devkit';
import { pod } from '../contract/rawClient.testing.js';

let server: FakeApiServer;
beforeEach(async () => {
  server = await FakeApiServer.start();
});
afterEach(() => server.stop());

interface Seen {
  type: string;
  obj: { metadata?: { name?: string; resourceVersion?: string }; code?: number; reason?: string };
}

async function watch(path: string, params: Record<string, string | number | boolean | undefined>) {
  const seen: Seen[] = [];
  let doneWith: unknown = 'open';
  const controller = await new Watch(server.kubeConfig()).watch(
    path,
    params,
    (type, obj) => seen.push({ type, obj }),
    (err) => (doneWith = err),
  );
  return { seen, done: () => doneWith, controller };
}

test('client-node Watch receives ADDED, MODIFIED and DELETED with increasing resourceVersions', async () => {
  const w = await watch('/api/v1/namespaces/default/pods', {
    resourceVersion: server.resourceVersion,
  });
  await eventually(() => server.openWatches === 1);
  server.create(pod('default', 'a'));
  server.patch({ apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'a' }, (p) => {
    p.metadata.labels = { x: 'y' };
  });
  server.delete({ apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'a' });
  await eventually(() => w.seen.length === 3);
  expect(w.seen.map((e) => e.type)).toEqual(['ADDED', 'MODIFIED', 'DELETED']);
  const rvs = w.seen.map((e) => Number(e.obj.metadata?.resourceVersion));
  expect(rvs).toEqual([...rvs].sort((a, b) => a - b));
  expect(w.seen[2]?.obj.metadata?.resourceVersion).toBe(server.resourceVersion);
  w.controller.abort();
});

test('client-node Watch from a compacted resourceVersion gets an ERROR event with a 410 Status', async () => {
  const old = server.resourceVersion;
  server.create(pod('default', 'a'));
  server.create(pod('default', 'b'));
  server.compact();
  const w = await watch('/api/v1/namespaces/default/pods', { resourceVersion: old });
  await eventually(() => w.done() !== 'open');
  expect(w.done()).toBeNull();
  expect(w.seen).toHaveLength(1);
  expect(w.seen[0]?.type).toBe('ERROR');
  expect(w.seen[0]?.obj.code).toBe(410);
  expect(w.seen[0]?.obj.reason).toBe('Expired');
});

test('client-node Watch ends cleanly when the server times the watch out', async () => {
  const w = await watch('/api/v1/pods', {
    resourceVersion: server.resourceVersion,
    timeoutSeconds: 1,
  });
  await eventually(() => w.done() !== 'open');
  expect(w.done()).toBeNull();
});
