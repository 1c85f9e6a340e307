import { jest } from '@jest/globals';
import type { V1Pod } from '@kubernetes/client-node';
import { eventually } from '@rxkube/devkit';
import { SharedIndexInformer, silentLogger } from '@rxkube/informer';
import { listerWatcher } from '@rxkube/informer/node';
import { FakeApiServer, loadPods } from '@rxkube/testing';
import { Registry } from 'prom-client';
import { controller } from '../reconcile/reconcileController.js';
import { prometheusMetrics } from './prometheusMetrics.js';

// A real informer and controller against the fake API server over HTTP, reporting to a
// prom-client registry: the exposition text is what a Prometheus server scrapes.
jest.setTimeout(30_000);

let server: FakeApiServer;

beforeEach(async () => {
  server = await FakeApiServer.start({ seed: 3 });
});
afterEach(async () => {
  await eventually(() => server.openConnections === 0, 'connections to close');
  await server.stop();
});

/** @returns the value of the series `name{labels}` in the exposition text, if it is there */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

test("an informer and its controller show in the registry under client-go's names", async () => {
  loadPods(server, { count: 12, namespaces: ['a', 'b'] });
  const registry = new Registry();
  const metrics = prometheusMetrics(registry);
  const pods = new SharedIndexInformer(
    listerWatcher<V1Pod>(server.kubeConfig(), { version: 'v1', plural: 'pods' }),
    { name: 'pods', metrics, logger: silentLogger },
  );
  const reconciled = new Set<string>();
  const ctrl = controller<V1Pod>({
    name: 'pod-labeller',
    for: pods,
    metrics,
    reconcile: async ({ namespace, name }) => void reconciled.add(`${namespace}/${name}`),
  });
  pods.start();
  ctrl.start();
  try {
    expect(await pods.waitForCacheSync()).toBe(true);
    await eventually(() => reconciled.size === 12, 'every pod reconciled');
    await eventually(() => server.openWatches === 1, 'the watch');
    const text = await registry.metrics();

    const informer = '{name="pods"}';
    expect(sample(text, `reflector_lists_total${informer}`)).toBe(1);
    expect(sample(text, `reflector_watches_total${informer}`)).toBe(1);
    expect(sample(text, `reflector_items_per_list_sum${informer}`)).toBe(12);
    expect(sample(text, `reflector_list_duration_seconds_count${informer}`)).toBe(1);
    expect(sample(text, `reflector_last_resource_version${informer}`)).toBe(
      Number(pods.lastSyncResourceVersion()),
    );
    expect(sample(text, `informer_queued_items${informer}`)).toBe(0);
    expect(sample(text, `informer_processing_latency_seconds_count${informer}`)).toBeGreaterThan(0);

    const queue = '{name="pod-labeller"}';
    expect(sample(text, `workqueue_adds_total${queue}`)).toBe(12);
    expect(sample(text, `workqueue_depth${queue}`)).toBe(0);
    expect(sample(text, `workqueue_queue_duration_seconds_count${queue}`)).toBe(12);
    expect(sample(text, `workqueue_work_duration_seconds_count${queue}`)).toBe(12);
    expect(sample(text, `workqueue_retries_total${queue}`)).toBe(0);
    for (const family of [
      'workqueue_unfinished_work_seconds',
      'workqueue_longest_running_processor_seconds',
    ])
      expect(text).toContain(`# TYPE ${family} gauge`);
    expect(text).toContain('# TYPE workqueue_queue_duration_seconds histogram');
    expect(text).toContain('# TYPE reflector_lists_total counter');
    // client-go's buckets: the first is 10 ns.
    expect(text).toContain(
      `workqueue_queue_duration_seconds_bucket{le="1e-8",name="pod-labeller"}`,
    );

    // A change on the server reaches the cache, and the version gauge follows it.
    server.create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'late', namespace: 'a' },
      spec: { containers: [] },
    });
    await eventually(() => reconciled.has('a/late'), 'the new pod reconciled');
    const after = await registry.metrics();
    expect(sample(after, `reflector_last_resource_version${informer}`)).toBe(
      Number(server.resourceVersion),
    );
    expect(sample(after, `workqueue_adds_total${queue}`)).toBe(13);
  } finally {
    await ctrl.stop();
    pods.stop();
  }
});

test('several providers on one registry share its families; a name of another kind is refused', () => {
  const registry = new Registry();
  const labels = { name: 'pods' };
  prometheusMetrics(registry)
    .counter({ name: 'reflector_lists_total', help: 'lists', labels })
    .inc();
  prometheusMetrics(registry)
    .counter({ name: 'reflector_lists_total', help: 'lists', labels })
    .inc();
  expect(registry.getMetricsAsArray().map((metric) => metric.name)).toEqual([
    'reflector_lists_total',
  ]);
  expect(() =>
    prometheusMetrics(registry).gauge({ name: 'reflector_lists_total', help: 'lists', labels }),
  ).toThrow(TypeError);
});

test('gauges and histograms reach the registry with their labels and buckets', async () => {
  const registry = new Registry();
  const metrics = prometheusMetrics(registry);
  const depth = metrics.gauge({ name: 'depth', help: 'depth', labels: { name: 'q' } });
  depth.set(4);
  depth.dec();
  metrics
    .histogram({ name: 'latency', help: 'latency', labels: { name: 'q' }, buckets: [1, 10] })
    .observe(5);
  metrics.counter({ name: 'adds', help: 'adds', labels: { name: 'q' } });
  const text = await registry.metrics();
  expect(sample(text, 'adds{name="q"}')).toBe(0); // shown from its creation, as in client-go
  expect(sample(text, 'depth{name="q"}')).toBe(3);
  expect(sample(text, 'latency_bucket{le="1",name="q"}')).toBe(0);
  expect(sample(text, 'latency_bucket{le="10",name="q"}')).toBe(1);
  expect(sample(text, 'latency_sum{name="q"}')).toBe(5);
});
