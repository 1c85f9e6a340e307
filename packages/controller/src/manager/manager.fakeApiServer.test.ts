import { jest } from '@jest/globals';
import type { V1ConfigMap, V1Lease } from '@kubernetes/client-node';
import { VirtualClock, eventually } from '@rxkube/devkit';
import { silentLogger } from '@rxkube/informer';
import { FakeApiServer } from '@rxkube/testing';
import { createOrUpdate } from '../objects/createOrUpdate.js';
import { setControllerReference } from '../objects/setControllerReference.js';
import { resources } from '../resources/commonResources.js';
import { manager, type Manager } from './manager.js';
import type { ManagerOptions } from './managerOptions.js';

// Managers against the fake API server over real HTTP with client-node: what they start and
// stop shows in the server's request log, its open watches and the managers' own endpoints.
jest.setTimeout(30_000);

const lock = { namespace: 'ops', name: 'config-operator' };
const timing = { leaseDuration: 2_000, renewDeadline: 1_500, retryPeriod: 200 };

let server: FakeApiServer;
const managers: Manager[] = [];

beforeEach(async () => {
  server = await FakeApiServer.start({ seed: 7 });
  for (const name of ['a', 'b']) server.create(configMap(name));
});
afterEach(async () => {
  await Promise.all(managers.splice(0).map((mgr) => mgr.stop()));
  await eventually(() => server.openConnections === 0, 'connections to close');
  await server.stop();
});

function configMap(name: string) {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'shop' }, data: {} };
}

function track(options: Partial<ManagerOptions> = {}): Manager {
  const mgr = manager({
    kubeConfig: server.kubeConfig(),
    http: { port: 0, host: '127.0.0.1' },
    informer: { logger: silentLogger },
    ...options,
  });
  managers.push(mgr);
  return mgr;
}

async function get(mgr: Manager, path: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`http://127.0.0.1:${mgr.address!.port}${path}`);
  return { status: response.status, body: await response.text() };
}

/** @returns every sample of the exposition text, `name{labels}` to value; throws on a bad line */
function samples(text: string): Map<string, number> {
  const result = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (match === null) throw new Error(`not an exposition line: ${line}`);
    const value = Number(match[2]!.replace('+Inf', 'Infinity'));
    if (Number.isNaN(value)) throw new Error(`not a sample value: ${line}`);
    result.set(match[1]!, value);
  }
  return result;
}

test('readyz fails until every cache has synced; controllers reconcile only after that', async () => {
  server.forbidNamespace('shop');
  const mgr = track();
  const configMaps = mgr.informer(resources.configMaps, { namespace: 'shop' });
  const seenSynced: boolean[] = [];
  mgr.controller<V1ConfigMap>({
    name: 'config',
    for: configMaps,
    reconcile: () => void seenSynced.push(configMaps.hasSynced()),
  });
  const started = mgr.start();
  await eventually(() => mgr.address !== undefined, 'the endpoints to listen');
  await eventually(
    () => server.requests().some((r) => r.path === '/api/v1/namespaces/shop/configmaps'),
    'a list of the configmaps',
  );

  expect(await get(mgr, '/healthz')).toEqual({ status: 200, body: 'ok\n' });
  const unready = await get(mgr, '/readyz');
  expect(unready.status).toBe(500);
  expect(unready.body).toContain('[-]informers synced failed');
  expect(mgr.state).toBe('starting');
  expect(seenSynced).toEqual([]);

  server.allowNamespace('shop');
  await started;
  expect(mgr.state).toBe('running');
  const ready = await get(mgr, '/readyz');
  expect(ready).toEqual({ status: 200, body: '[+]informers synced ok\nreadyz check passed\n' });
  await eventually(() => seenSynced.length === 2, 'both configmaps reconciled');
  expect(seenSynced).toEqual([true, true]);

  // An informer asked for while running must sync too before the manager is ready again.
  server.forbidNamespace('vault');
  mgr.informer(resources.secrets, { namespace: 'vault' });
  expect((await get(mgr, '/readyz')).status).toBe(500);
  server.allowNamespace('vault');
  await eventually(() => mgr.isReady(), 'the late informer to sync');
  expect((await get(mgr, '/readyz')).status).toBe(200);
});

test('metrics: informer, work-queue, reconcile and leader election series after a reconcile', async () => {
  const mgr = track({ leaderElection: { lock, identity: 'solo', ...timing } });
  const configMaps = mgr.informer(resources.configMaps);
  let calls = 0;
  mgr.controller<V1ConfigMap>({
    name: 'config',
    for: configMaps,
    reconcile: ({ name }) => {
      calls += 1;
      if (name === 'b' && calls <= 2) throw new Error('first try fails');
      return name === 'a' ? { requeueAfter: 3_600_000 } : undefined;
    },
  });
  await mgr.start();
  await eventually(() => calls === 3, 'a reconciled, b failed then reconciled');
  const { status, body } = await get(mgr, '/metrics');
  expect(status).toBe(200);
  const series = samples(body);

  const ctrl = '{controller="config"}';
  expect(
    series.get('controller_runtime_reconcile_total{controller="config",result="success"}'),
  ).toBe(1);
  expect(
    series.get('controller_runtime_reconcile_total{controller="config",result="requeue_after"}'),
  ).toBe(1);
  expect(series.get('controller_runtime_reconcile_total{controller="config",result="error"}')).toBe(
    1,
  );
  expect(
    series.get('controller_runtime_reconcile_total{controller="config",result="requeue"}'),
  ).toBe(0);
  expect(series.get(`controller_runtime_reconcile_errors_total${ctrl}`)).toBe(1);
  expect(series.get(`controller_runtime_reconcile_time_seconds_count${ctrl}`)).toBe(3);
  expect(series.get(`controller_runtime_active_workers${ctrl}`)).toBe(0);
  expect(series.get(`controller_runtime_max_concurrent_reconciles${ctrl}`)).toBe(1);
  expect(series.get('workqueue_adds_total{name="config"}')).toBe(3);
  expect(series.get('workqueue_depth{name="config"}')).toBe(0);
  expect(series.get('leader_election_master_status{name="config-operator"}')).toBe(1);
  const lists = [...series].filter(([key]) => key.startsWith('reflector_lists_total{'));
  expect(lists.map(([, value]) => value)).toEqual([1]);
  expect(body).toContain('# TYPE controller_runtime_reconcile_time_seconds histogram');
});

test('two replicas: only the leader reconciles; both are ready once the leadership is known', async () => {
  const reconciledBy: string[] = [];
  const replicas = ['one', 'two'].map((identity) => {
    const mgr = track({ leaderElection: { lock, identity, ...timing } });
    mgr.controller<V1ConfigMap>({
      name: 'config',
      for: mgr.informer(resources.configMaps),
      reconcile: () => void reconciledBy.push(identity),
    });
    return mgr;
  });
  await Promise.all(replicas.map((mgr) => mgr.start()));
  await eventually(() => replicas.every((mgr) => mgr.isReady()), 'both replicas ready');
  const leader = replicas.find((mgr) => mgr.elector!.isLeader)!;
  const follower = replicas.find((mgr) => mgr !== leader)!;
  await eventually(() => reconciledBy.length === 2, 'both configmaps reconciled');
  expect(new Set(reconciledBy)).toEqual(new Set([leader.elector!.leader]));
  expect((await get(follower, '/readyz')).body).toContain('[+]leader election ok');
  const followerMetrics = samples((await get(follower, '/metrics')).body);
  expect(followerMetrics.get('leader_election_master_status{name="config-operator"}')).toBe(0);
});

test('stop: controllers drain first, then the Lease is released, then informers stop, then the endpoints close', async () => {
  const mgr = track({ leaderElection: { lock, identity: 'solo', ...timing } });
  let finish: () => void = () => undefined;
  const inFlight = new Promise<void>((resolve) => (finish = resolve));
  let reconciling = false;
  let reconciled = false;
  mgr.controller<V1ConfigMap>({
    name: 'config',
    for: mgr.informer(resources.configMaps, { namespace: 'shop' }),
    reconcile: async ({ name }) => {
      if (name !== 'a') return;
      reconciling = true;
      await inFlight;
      reconciled = true;
    },
  });
  await mgr.start();
  await eventually(() => reconciling && server.openWatches === 1, 'a reconcile in flight');
  const holder = () =>
    (
      server.get({ ...lock, apiVersion: 'coordination.k8s.io/v1', kind: 'Lease' }) as
        V1Lease | undefined
    )?.spec?.holderIdentity;
  expect(holder()).toBe('solo');

  const stopped = mgr.stop();
  // The reconcile in flight holds everything else up: Lease, watch and endpoints stay.
  await new Promise((resolve) => setImmediate(resolve));
  expect(mgr.state).toBe('stopping');
  expect(holder()).toBe('solo');
  expect(server.openWatches).toBe(1);
  expect((await get(mgr, '/healthz')).status).toBe(200);

  // The release is held on the server: informers and endpoints must still be up meanwhile.
  server.faults.delayRequests({ ms: 500, verb: 'write', resource: 'leases' });
  server.clearRequests();
  finish();
  await eventually(
    () => server.requests().some((r) => r.method === 'PUT' && r.path.includes('/leases/')),
    'the Lease release',
  );
  expect(reconciled).toBe(true);
  expect(server.openWatches).toBe(1);
  expect((await get(mgr, '/healthz')).status).toBe(200);

  await stopped;
  expect(mgr.state).toBe('stopped');
  expect(holder()).toBe('');
  expect(mgr.address).toBeUndefined();
  await eventually(() => server.openWatches === 0, 'the watch to close');
  // Nothing is listened to or watched after stop; a second stop is the same promise.
  expect(mgr.stop()).toBe(stopped);
  await expect(mgr.start()).rejects.toThrow('cannot start again');
});

test('stopOnSignals: SIGTERM stops the manager, and stop removes the handlers', async () => {
  const before = process.listenerCount('SIGTERM');
  const mgr = track({ stopOnSignals: true });
  mgr.informer(resources.configMaps);
  await mgr.start();
  expect(process.listenerCount('SIGTERM')).toBe(before + 1);
  expect(process.listenerCount('SIGINT')).toBeGreaterThan(0);

  process.emit('SIGTERM');
  await eventually(() => mgr.state === 'stopped', 'the manager to stop');
  expect(process.listenerCount('SIGTERM')).toBe(before);
  await eventually(() => server.openWatches === 0, 'the watch to close');
});

test('a reconcile still running at gracefulShutdownTimeout sees its signal abort, and stop goes on', async () => {
  const clock = new VirtualClock();
  const mgr = track({ gracefulShutdownTimeout: 5_000, scheduler: clock, http: undefined });
  let running: AbortSignal | undefined;
  mgr.controller<V1ConfigMap>({
    name: 'config',
    for: mgr.informer(resources.configMaps, { fieldSelector: 'metadata.name=a' }),
    reconcile: ({ signal }) => {
      running = signal;
      // Ignores the graceful stop: only the abort ends it.
      return new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    },
  });
  await mgr.start();
  await eventually(() => running !== undefined, 'the reconcile to start');
  let stopped = false;
  void mgr.stop().then(() => (stopped = true));
  await clock.advanceAsync(4_999);
  expect(running!.aborted).toBe(false);
  expect(stopped).toBe(false);
  await clock.advanceAsync(1);
  expect(running!.aborted).toBe(true);
  await eventually(() => stopped, 'the stop to finish');
  await eventually(() => server.openWatches === 0, 'the watch to close');
});

test('each kind described once: the informers and the clients of an operator come from the same descriptions', async () => {
  server.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } });
  const mgr = track({ namespace: 'shop', http: undefined });
  const configMaps = mgr.informer(resources.configMaps);
  const secrets = mgr.informer(resources.secrets);
  // Cluster-scoped: listed cluster-wide despite the manager's default namespace.
  const namespaces = mgr.informer(resources.namespaces);
  expect(mgr.client(resources.secrets)).toBe(mgr.client(resources.secrets));
  mgr.controller<V1ConfigMap>({
    name: 'mirror',
    for: configMaps,
    reconcile: async ({ namespace, name }) => {
      const client = mgr.client(resources.secrets);
      const existing = await client.get(name, namespace).catch((error: unknown) => {
        if ((error as { notFound?: boolean }).notFound) return undefined;
        throw error;
      });
      if (existing === undefined)
        await client.create({ metadata: { name, namespace }, stringData: { from: name } });
    },
  });
  await mgr.start();
  await eventually(() => secrets.getIndexer().list().length === 2, 'a secret per configmap');
  expect(namespaces.getIndexer().listKeys()).toEqual(['shop']);
  const paths = new Set(server.requests().map((r) => r.path));
  expect(paths).toContain('/api/v1/namespaces');
  expect(paths).toContain('/api/v1/namespaces/shop/secrets');
});

test('the object helpers and the event recorder work on what the manager gives, no client-node client built', async () => {
  const mgr = track({ namespace: 'shop', http: undefined });
  const owner = await mgr.client(resources.configMaps).get('a', 'shop');
  const secret = {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: 'a-copy', namespace: 'shop' },
  };
  const mutate = (s: typeof secret & { stringData?: Record<string, string> }) => {
    s.stringData = { from: 'a' };
    setControllerReference({ ...owner, apiVersion: 'v1', kind: 'ConfigMap' }, s);
  };
  expect(await createOrUpdate(mgr.objectApi, { ...secret }, mutate)).toBe('created');
  expect(mgr.objectApi).toBe(mgr.objectApi);
  const stored = await mgr.client(resources.secrets).get('a-copy', 'shop');
  expect(stored.metadata?.ownerReferences?.[0]).toMatchObject({ uid: owner.metadata?.uid });

  const events = mgr.eventRecorder({ reportingController: 'example.com/copier' });
  const errors: unknown[] = [];
  events.errors$.subscribe((error) => errors.push(error));
  await events.publish({ regarding: stored, type: 'Normal', reason: 'Copied', action: 'Copy' });
  expect(errors).toEqual([]);
  expect(server.list('events.k8s.io/v1', 'Event', 'shop')).toEqual([
    expect.objectContaining({
      reason: 'Copied',
      reportingController: 'example.com/copier',
      regarding: expect.objectContaining({ kind: 'Secret', name: 'a-copy' }),
    }),
  ]);
});
