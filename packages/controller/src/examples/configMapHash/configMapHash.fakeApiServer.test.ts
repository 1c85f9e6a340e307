import { jest } from '@jest/globals';
import type { EventsV1Event, V1ConfigMap } from '@kubernetes/client-node';
import { eventually } from '@rxkube/devkit';
import { FakeApiServer, seededRandom } from '@rxkube/testing';
import type { EventPublishError } from '../../objects/eventRecorder.js';
import type { ReconcileOutcome } from '../../reconcile/reconcileOutcome.js';
import {
  actualState,
  churn,
  configMap,
  converged,
  deploymentRef,
  expectedState,
  namespace,
  quietInformers,
  ref,
  setData,
} from './cluster.testing.js';
import { configMapHashOperator, type ConfigMapHashOperator } from './configMapHashOperator.js';
import { hashAnnotation } from './desiredDeployment.js';

// Real HTTP against the fake API server. Assertions are about the end state the ConfigMaps
// imply, never about how long it took; the timeouts are safety nets.
jest.setTimeout(90_000);

let server: FakeApiServer;
let operator: ConfigMapHashOperator;
let outcomes: ReconcileOutcome[];
let publishErrors: EventPublishError[];

beforeEach(async () => {
  server = await FakeApiServer.start({ bookmarkIntervalMs: 200, seed: 1 });
  operator = configMapHashOperator(server.kubeConfig(), {
    namespace,
    informerOptions: quietInformers,
  });
  outcomes = [];
  operator.controller.outcomes$.subscribe((outcome) => outcomes.push(outcome));
  publishErrors = [];
  operator.events.errors$.subscribe((error) => publishErrors.push(error));
});

afterEach(async () => {
  await operator.stop();
  await server.stop();
  expect(server.openWatches).toBe(0);
});

test('keeps a hashed, owned Deployment per labelled ConfigMap, and removes it when the ConfigMap goes', async () => {
  server.create(configMap('web', { 'index.html': '<h1>hi</h1>' }));
  server.create(configMap('plain', { a: '1' }, false));
  await operator.start();
  await converged(server);
  const web = actualState(server)['web'];
  expect(web?.owner).toBe(server.get(ref('web'))?.metadata.uid);
  expect(Object.keys(actualState(server))).toEqual(['web']);

  // New content, new hash (and pods roll).
  setData(server, 'web', { 'index.html': 'v2' });
  await eventually(() => actualState(server)['web']?.hash !== web?.hash, 'the new hash');
  await converged(server);

  // Someone edits or deletes the Deployment: the owner mapping brings the operator back.
  server.patch(
    deploymentRef('web'),
    (d) => void (d.metadata.annotations = { [hashAnnotation]: 'tampered' }),
  );
  await eventually(() => actualState(server)['web']?.hash !== 'tampered', 'the repair');
  server.delete(deploymentRef('web'));
  await converged(server);

  // Labelling a ConfigMap asks for a Deployment; removing the label or the ConfigMap removes it.
  server.patch(
    ref('plain'),
    (cm) => void (cm.metadata.labels = { 'example.rxkube.io/deploy': 'true' }),
  );
  await eventually(() => 'plain' in actualState(server), 'plain deployed');
  server.patch(ref('plain'), (cm) => void (cm.metadata.labels = {}));
  server.delete(ref('web'));
  await eventually(() => Object.keys(actualState(server)).length === 0, 'everything removed');
  expect(expectedState(server)).toEqual({});
});

test('a Deployment in the way that the operator does not manage is left alone', async () => {
  server.create({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'taken', namespace },
    spec: { selector: { matchLabels: { app: 'x' } }, template: { spec: { containers: [] } } },
  });
  server.create(configMap('taken', { a: '1' }));
  await operator.start();
  await eventually(() => outcomes.some((o) => o.result === 'terminalError'), 'a terminal error');
  expect(outcomes.find((o) => o.result === 'terminalError')?.request.key).toBe(
    `${namespace}/taken`,
  );
  expect(server.get(deploymentRef('taken'))?.metadata.labels).toBeUndefined();
});

test('converges on what the ConfigMaps imply through dropped watches, 500s, compactions and tampering', async () => {
  server.faults.randomWatchFaults({ probability: 0.05 });
  await operator.start();
  await churn(server, seededRandom(42), 300);

  await converged(server);
  // The faults did happen, and the operator went through errors to get here.
  expect(server.faults.count('errorResponse')).toBeGreaterThan(0);
  expect(server.faults.count('compaction')).toBeGreaterThan(0);
  expect(Object.keys(expectedState(server)).length).toBeGreaterThan(0);

  // Writes failing with 500 are retried with backoff until they succeed. The faults aim at
  // writes: a relist still in its backoff from the faults above must not take one of them.
  server.faults.randomWatchFaults(undefined);
  // Reconciles of the storm may still be retrying (converged is about the cluster, not the
  // queue); one of them would take the faults armed below.
  await settled();
  const name = Object.keys(expectedState(server))[0]!;
  const before = outcomes.length;
  server.faults.failRequests({ code: 500, verb: 'write', resource: 'deployments', times: 3 });
  setData(server, name, { v: 'final' });
  await converged(server);
  const attempts = () => outcomes.slice(before).filter((o) => o.request.name === name);
  await eventually(() => attempts().length >= 4, 'the retries');
  expect(
    attempts()
      .slice(0, 4)
      .map((o) => [o.result, o.retries]),
  ).toEqual([
    ['error', 0],
    ['error', 1],
    ['error', 2],
    // Done, or a create found the Deployment there (409) while the cache was still behind.
    [expect.stringMatching(/^(success|requeue)$/), 3],
  ]);
});

const events = () =>
  server.list('events.k8s.io/v1', 'Event', namespace) as unknown as EventsV1Event[];
const eventsAbout = (uid: string | undefined, reason: string) =>
  events().filter((e) => e.regarding?.uid === uid && e.reason === reason);

test('converges through watch faults, 500s, compactions and dropped connections, recording changes and failures as Events', async () => {
  server.faults.randomWatchFaults({ probability: 0.05 });
  await operator.start();
  await churn(server, seededRandom(7), 200);
  await converged(server, 60_000);
  expect(server.faults.count('errorResponse')).toBeGreaterThan(0);
  expect(server.faults.count('compaction')).toBeGreaterThan(0);
  server.faults.randomWatchFaults(undefined);

  // A change the operator saw through can be missing its Event (a write whose answer was
  // lost is found done when retried); a change after the storm is recorded, a failure too.
  const names = Object.keys(expectedState(server));
  expect(names.length).toBeGreaterThan(0);
  server.faults.failRequests({ code: 500, verb: 'write', resource: 'deployments', times: 1 });
  for (const name of names) setData(server, name, { v: 'final' });
  await converged(server);
  for (const name of names) {
    const uid = server.get(ref(name))?.metadata.uid;
    await eventually(
      () => eventsAbout(uid, 'DeploymentUpdated').length > 0,
      `the DeploymentUpdated event of ${name}`,
    );
  }
  await eventually(
    () => events().some((e) => e.type === 'Warning' && e.reason === 'ReconcileFailed'),
    'the Warning of the failed write',
  );
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

/**
 * Waits until the operator is idle: nothing queued or being reconciled, and no reconcile ended
 * for three seconds (a retry waiting for its backoff is in neither count; after 7 failures, the most
 * seen in this test, a key waits 5 ms × 2^7 = 0.64 s before its next attempt ends the quiet).
 */
async function settled(): Promise<void> {
  let seen = -1;
  let since = 0;
  await eventually(() => {
    if (outcomes.length !== seen) {
      seen = outcomes.length;
      since = Date.now();
      return false;
    }
    const queue = operator.controller.metrics();
    const idle =
      queue === undefined || (queue.depth === 0 && queue.longestRunningProcessorSeconds === 0);
    return idle && Date.now() - since >= 3000;
  }, 'the operator to settle');
}
