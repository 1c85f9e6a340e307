import { randomBytes } from 'node:crypto';
import type { KubeObject } from '@rxkube/testing';
import { createPod } from '../testSupport/pods.testing.js';
import {
  startDashboardUnderTest,
  type DashboardUnderTest,
} from '../testSupport/dashboard.testing.js';
import { httpGet, SseReader } from '../testSupport/http.testing.js';

// A pod's container env holds a password (a value, and a reference to a Secret): the feed sends
// only what the page shows, and one pod's details come redacted.

let running: DashboardUnderTest;
const readers: SseReader[] = [];
// Random, so that nothing but this run's pod can hold it.
const password = `pw-${randomBytes(12).toString('hex')}`;

function withSecrets(pod: KubeObject): KubeObject {
  const spec = pod['spec'] as { containers: Array<Record<string, unknown>> };
  const env = [
    { name: 'DB_PASSWORD', value: password },
    { name: 'API_KEY', valueFrom: { secretKeyRef: { name: 'api', key: 'key' } } },
  ];
  const args = [`--password=${password}`, '--db-token', password];
  spec.containers = spec.containers.map((c) => ({ ...c, env, args }));
  spec['initContainers' as never] = [{ name: 'init', image: 'busybox', env }] as never;
  const metadata = pod.metadata as Record<string, unknown>;
  metadata['annotations'] = {
    'kubectl.kubernetes.io/last-applied-configuration': JSON.stringify({ spec }),
    note: 'kept',
    'api-token': password,
  };
  metadata['managedFields'] = [{ manager: 'kubectl', fieldsV1: { 'f:spec': {} } }];
  return pod;
}

function secretPod(api: DashboardUnderTest['api'], name: string): void {
  api.update(withSecrets(createPod(api, 'shop', name)));
}

beforeEach(async () => {
  running = await startDashboardUnderTest({ populate: (api) => secretPod(api, 'db-0') });
});

afterEach(async () => {
  for (const reader of readers.splice(0)) reader.close();
  await running.stop();
});

test('a pod whose env holds a password never has it on the feed: snapshot and changes', async () => {
  const { api, dashboard } = running;
  const reader = await SseReader.open(dashboard.url, '/api/feeds/pods');
  readers.push(reader);
  await reader.waitFor((events) => events.some((e) => e.event === 'snapshot'), 'the snapshot');
  secretPod(api, 'db-1');
  api.delete({ apiVersion: 'v1', kind: 'Pod', namespace: 'shop', name: 'db-0' });
  await reader.waitFor(
    (events) => events.some((e) => e.data.includes('"change":"delete"')),
    'the deletion',
  );
  const snapshot = JSON.parse(reader.events[0]!.data) as { objects: KubeObject[] };
  expect(snapshot.objects.map((o) => o.metadata.name)).toEqual(['db-0']);
  expect(reader.raw).toContain('"key":"shop/db-1"');
  // The feed carries the table's fields only: no env at all, no annotations, no managed fields.
  expect(reader.raw).not.toContain(password);
  expect(reader.raw).not.toMatch(/env|DB_PASSWORD|secretKeyRef|annotations|managedFields/);
});

test("one pod's details come whole but redacted: env, credential args and annotations, manifests", async () => {
  const { dashboard } = running;
  const answer = await httpGet(dashboard.url, '/api/objects/pods/shop/db-0');
  expect(answer.status).toBe(200);
  expect(answer.body).not.toContain(password);
  const pod = JSON.parse(answer.body) as {
    metadata: Record<string, unknown>;
    spec: {
      containers: Array<{ env: unknown; args: unknown }>;
      initContainers: Array<{ env: unknown }>;
    };
  };
  const env = [
    { name: 'DB_PASSWORD', value: '<redacted>' },
    { name: 'API_KEY', valueFrom: { secretKeyRef: { name: 'api', key: 'key' } } },
  ];
  expect(pod.spec.containers.map((c) => c.env)).toEqual([env]);
  expect(pod.spec.initContainers.map((c) => c.env)).toEqual([env]);
  expect(pod.spec.containers.map((c) => c.args)).toEqual([
    ['--password=<redacted>', '--db-token', '<redacted>'],
  ]);
  expect(pod.metadata['annotations']).toEqual({ note: 'kept', 'api-token': '<redacted>' });
  expect(pod.metadata['managedFields']).toBeUndefined();
  expect(pod.metadata['name']).toBe('db-0');

  const missing = await httpGet(dashboard.url, '/api/objects/pods/shop/nope');
  const otherFeed = await httpGet(dashboard.url, '/api/objects/secrets/shop/db-0');
  expect([missing.status, otherFeed.status]).toEqual([404, 404]);
});
