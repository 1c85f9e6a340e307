import { jest } from '@jest/globals';
import { eventually } from '@rxkube/devkit';
import { FakeApiServer, seededRandom } from '@rxkube/testing';
import { silentLogger } from '@rxkube/informer';
import type { ReconcileOutcome } from '../../reconcile/reconcileOutcome.js';
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
import { hashAnnotation } from './desiredDeployment.js';

// Real HTTP against the fake API server. Assertions are about the end state the ConfigMaps
// imply, never about how long it took; the timeouts are safety nets.
jest.setTimeout(60_000);

let server: FakeApiServer;
let operator: ConfigMapHashOperator;
let outcomes: ReconcileOutcome[];

const fastInformers = {
  // The tests inject faults and check recovery; the console would only repeat them.
  informerOptions: { reflector: { backoff: { initialMs: 10, maxMs: 200 } }, logger: silentLogger },
};

beforeEach(async () => {
  server = await FakeApiServer.start({ bookmarkIntervalMs: 200, seed: 1 });
  operator = configMapHashOperator(server.kubeConfig(), { namespace, ...fastInformers });
  outcomes = [];
  operator.controller.outcomes$.subscribe((outcome) => outcomes.push(outcome));
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
