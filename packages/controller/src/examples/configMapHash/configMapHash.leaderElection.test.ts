import { jest } from '@jest/globals';
import { FakeApiServer } from '@rxkube/testing';
import type { LeaderElector } from '../../leaderelection/leaderElector.js';
import type { ReconcileOutcome } from '../../reconcile/reconcileOutcome.js';
import { eventually } from '@rxkube/devkit';
import { configMap, converged, namespace, ref, setData } from './cluster.testing.js';
import { configMapHashOperator, type ConfigMapHashOperator } from './configMapHashOperator.js';

// Two replicas of the example operator over real HTTP, gated on a Lease with short real
// durations. Only outcomes are asserted (who reconciled, the end state), never durations.
jest.setTimeout(60_000);

interface Replica {
  readonly identity: string;
  readonly operator: ConfigMapHashOperator;
  readonly elector: LeaderElector;
  readonly outcomes: ReconcileOutcome[];
}

let server: FakeApiServer;
let replicas: Replica[];

function replica(identity: string): Replica {
  const operator = configMapHashOperator(server.kubeConfig(), {
    namespace,
    informerOptions: { reflector: { backoff: { initialMs: 10, maxMs: 200 } } },
    leaderElection: {
      lock: { namespace: 'operators', name: 'configmap-hash' },
      identity,
      leaseDuration: 2_000,
      renewDeadline: 1_500,
      retryPeriod: 200,
      releaseOnCancel: false, // a crash does not release the Lease: the other must wait for expiry
    },
  });
  const elector = operator.manager.elector!;
  const outcomes: ReconcileOutcome[] = [];
  operator.controller.outcomes$.subscribe((outcome) => outcomes.push(outcome));
  const r = { identity, operator, elector, outcomes };
  replicas.push(r);
  return r;
}

beforeEach(async () => {
  server = await FakeApiServer.start({ bookmarkIntervalMs: 200 });
  replicas = [];
});

afterEach(async () => {
  for (const r of replicas) await r.operator.stop();
  await server.stop();
});

test('only the leader reconciles; after it crashes the other takes over and finishes the work', async () => {
  const a = replica('a');
  const b = replica('b');
  // Both replicas keep their caches warm; only the leader's controller runs.
  await Promise.all([a.operator.start(), b.operator.start()]);
  await eventually(() => a.elector.isLeader || b.elector.isLeader, 'a leader');
  const [leader, follower] = a.elector.isLeader ? [a, b] : [b, a];

  server.create(configMap('one', { v: '1' }));
  server.create(configMap('two', { v: '1' }));
  await converged(server);
  await eventually(() => leader.outcomes.length > 0, 'the leader’s outcomes');
  expect(follower.outcomes).toEqual([]);

  // The leader dies without a word: its work stops, the Lease stays held until it expires.
  await leader.operator.stop();
  const reconciledByLeader = leader.outcomes.length;
  setData(server, 'one', { v: '2' });
  server.delete(ref('two'));
  server.create(configMap('three', { v: '1' }));

  await eventually(() => follower.elector.isLeader, 'the takeover');
  await converged(server);
  // The server applies a write before its answer reaches the operator: wait for the outcomes.
  // The Deployment of `two` went with its owner (garbage collection), so nothing is left for
  // the new leader to reconcile there; `converged` saw it gone.
  const names = () => new Set(follower.outcomes.map((o) => o.request.name));
  await eventually(() => ['one', 'three'].every((n) => names().has(n)), 'the reconciles');
  expect(leader.outcomes).toHaveLength(reconciledByLeader);
});
