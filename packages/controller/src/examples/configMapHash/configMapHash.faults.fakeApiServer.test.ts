import { jest } from '@jest/globals';
import type { EventsV1Event, V1ConfigMap } from '@kubernetes/client-node';
import { eventually } from '@rxkube/devkit';
import { silentLogger } from '@rxkube/informer';
import { FakeApiServer, seededRandom } from '@rxkube/testing';
import type { EventPublishError } from '../../objects/eventRecorder.js';
import {
  actualState,
  churn,
  configMap,
  converged,
  deploymentRef,
  expectedState,
  namespace,
  ref,
  setData,
} from './cluster.testing.js';
import { configMapHashOperator, type ConfigMapHashOperator } from './configMapHashOperator.js';

// The operator as built on the manager and the object helpers, end to end over real HTTP
// against the fake API server and its faults. Assertions are about the end state (Deployments,
// Events, what is left on the server), never about how long it took.
jest.setTimeout(90_000);

let server: FakeApiServer;
let operator: ConfigMapHashOperator;
let publishErrors: EventPublishError[];

beforeEach(async () => {
  server = await FakeApiServer.start({ bookmarkIntervalMs: 200, seed: 3 });
  operator = configMapHashOperator(server.kubeConfig(), {
    namespace,
    informerOptions: {
      reflector: { backoff: { initialMs: 10, maxMs: 200 } },
      logger: silentLogger,
    },
  });
  publishErrors = [];
  operator.events.errors$.subscribe((error) => publishErrors.push(error));
});

afterEach(async () => {
  await operator.stop();
  await server.stop();
  expect(server.openWatches).toBe(0);
});

const events = () =>
  server.list('events.k8s.io/v1', 'Event', namespace) as unknown as EventsV1Event[];
const eventsAbout = (uid: string | undefined, reason: string) =>
  events().filter((e) => e.regarding?.uid === uid && e.reason === reason);

test('converges through watch faults, 500s, compactions and dropped connections, recording each change as an Event', async () => {
  server.faults.randomWatchFaults({ probability: 0.05 });
  await operator.start();
  await churn(server, seededRandom(7), 200);
  await converged(server, 60_000);
  expect(server.faults.count('errorResponse')).toBeGreaterThan(0);
  expect(server.faults.count('compaction')).toBeGreaterThan(0);
  server.faults.randomWatchFaults(undefined);

  // Every managed Deployment was created for its current ConfigMap, and said so.
  const names = Object.keys(expectedState(server));
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) {
    const uid = server.get(ref(name))?.metadata.uid;
    await eventually(
      () => eventsAbout(uid, 'DeploymentCreated').length > 0,
      `the DeploymentCreated event of ${name}`,
    );
  }
  // The 500s on Deployments failed reconciles: each failure is a Warning.
  expect(events().some((e) => e.type === 'Warning' && e.reason === 'ReconcileFailed')).toBe(true);
  // No finalizer of this operator holds anything: every deleted object is gone, none pending.
  const pending = [
    ...server.list('v1', 'ConfigMap', namespace),
    ...server.list('apps/v1', 'Deployment', namespace),
  ].filter((o) => o.metadata.deletionTimestamp !== undefined);
  expect(pending).toEqual([]);
});

test('an update losing a race to another writer (409) is read again and retried, keeping the other writer’s change', async () => {
  server.create(configMap('web', { v: '1' }));
  await operator.start();
  await converged(server);
  const uid = server.get(ref('web'))?.metadata.uid;

  // Hold the operator's next Deployment write until another writer has changed the Deployment:
  // the held update carries a resourceVersion that is no longer current.
  server.faults.delayRequests({ ms: 3_000, verb: 'write', resource: 'deployments' });
  setData(server, 'web', { v: '2' });
  await eventually(() => server.faults.count('delayResponse') === 1, 'the held write');
  server.patch(deploymentRef('web'), (d) => {
    d.metadata.labels = { ...d.metadata.labels, team: 'checkout' };
  });

  await converged(server);
  const deployment = server.get(deploymentRef('web'));
  expect(deployment?.metadata.labels?.['team']).toBe('checkout');
  const puts = server
    .requests()
    .filter((r) => r.method === 'PUT' && r.path.endsWith('/deployments/web'));
  expect(puts.length).toBeGreaterThanOrEqual(2);
  await eventually(() => eventsAbout(uid, 'DeploymentUpdated').length > 0, 'the update event');
});

test('an Event that cannot be written is reported, and the reconcile goes on', async () => {
  await operator.start();
  server.faults.failRequests({ code: 500, resource: 'events', times: 1 });
  server.create(configMap('api', { v: '1' }));
  await converged(server);
  await eventually(() => publishErrors.length === 1, 'the publish error');
  expect(publishErrors[0]?.event.reason).toBe('DeploymentCreated');
  expect(actualState(server)['api']).toBeDefined();
});

test('the owner reference lets the garbage collector delete a Deployment whose ConfigMap went while the operator was down', async () => {
  server.create(configMap('web', { v: '1' }));
  server.create(configMap('api', { v: '1' }));
  await operator.start();
  await converged(server);
  await operator.stop();

  server.delete(ref('web'));
  await eventually(() => server.get(deploymentRef('web')) === undefined, 'the collection');
  expect(Object.keys(actualState(server))).toEqual(['api']);
  const owner = (server.get(ref('api')) as V1ConfigMap).metadata?.uid;
  expect(actualState(server)['api']?.owner).toBe(owner);
});

test('a ConfigMap that loses its label loses its Deployment, and the operator says so', async () => {
  server.create(configMap('web', { v: '1' }));
  await operator.start();
  await converged(server);
  const deploymentUid = server.get(deploymentRef('web'))?.metadata.uid;
  server.patch(ref('web'), (cm) => void (cm.metadata.labels = {}));
  await converged(server);
  expect(server.get(deploymentRef('web'))).toBeUndefined();
  await eventually(
    () => eventsAbout(deploymentUid, 'ConfigMapGone').length === 1,
    'the deletion event',
  );
});
