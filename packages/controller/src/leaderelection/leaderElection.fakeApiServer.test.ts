import { jest } from '@jest/globals';
import { CoordinationV1Api, Watch } from '@kubernetes/client-node';
import type { V1Lease, V1LeaseSpec } from '@kubernetes/client-node';
import { eventually } from '@rxkube/devkit';
import { FakeApiServer } from '@rxkube/testing';
import { ElectionMonitor } from './electionMonitor.testing.js';
import type { HistoryEntry } from './leaseHistory.testing.js';
import { leaseHistoryViolations } from './leaseHistory.testing.js';
import type { LeaseApiError } from './errors.js';
import type { LeaseApi, LeaseApiSource } from './leaseApi.js';
import type { LeaderElectionOptions } from './leaderElectionOptions.js';
import { LeaderElector } from './leaderElector.js';
import type { LeadershipLoss } from './leadershipState.js';

// Real HTTP against the fake API server, with short real durations. Nothing here asserts how
// long anything took: only outcomes (who leads, what the Lease's history says). The deadlines
// leave room for a loaded machine: a slow event loop may cost a leader its term (which is
// correct), so the assertions allow for extra terms.
jest.setTimeout(30_000);

const lock = { namespace: 'ops', name: 'operator' };
const ref = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', ...lock };
const timing = { leaseDuration: 2_000, renewDeadline: 1_500, retryPeriod: 200 };

let server: FakeApiServer;
let electors: LeaderElector[];
let monitor: ElectionMonitor;
let history: HistoryEntry[];
let closeWatch: () => Promise<void>;

function holder(): string | undefined {
  return (server.get(ref)?.['spec'] as V1LeaseSpec | undefined)?.holderIdentity;
}

/** Records every version of the Lease the server commits, through a watch. */
async function recordHistory(): Promise<void> {
  history = [];
  let lastSeen = '0';
  const controller = await new Watch(server.kubeConfig()).watch(
    `/apis/coordination.k8s.io/v1/namespaces/${lock.namespace}/leases`,
    { resourceVersion: server.resourceVersion },
    (type: string, lease: V1Lease) => {
      lastSeen = lease.metadata?.resourceVersion ?? lastSeen;
      if (type !== 'ADDED' && type !== 'MODIFIED') return;
      history.push({
        holder: lease.spec?.holderIdentity ?? '',
        leaseTransitions: lease.spec?.leaseTransitions ?? 0,
      });
    },
    () => undefined,
  );
  closeWatch = async () => {
    await eventually(() => lastSeen === server.resourceVersion, 'the watch caught up');
    controller.abort();
  };
}

function candidate(
  identity: string,
  options: Partial<LeaderElectionOptions> = {},
  client: LeaseApiSource = server.kubeConfig(),
) {
  const elector = new LeaderElector(client, { lock, identity, ...timing, ...options });
  const losses: LeadershipLoss[] = [];
  const errors: LeaseApiError[] = [];
  elector.stoppedLeading$.subscribe((loss) => losses.push(loss));
  elector.errors$.subscribe((error) => errors.push(error));
  electors.push(elector);
  monitor.watch(elector);
  return { elector, losses, errors };
}

/** A Lease client whose connection to the server can be cut (requests fail, no answer). */
function partitionable(api: LeaseApi): { api: LeaseApi; cut: boolean } {
  const link = {
    cut: false,
    api: {
      readNamespacedLease: (param) => link.pass(() => api.readNamespacedLease(param)),
      createNamespacedLease: (param) => link.pass(() => api.createNamespacedLease(param)),
      replaceNamespacedLease: (param) => link.pass(() => api.replaceNamespacedLease(param)),
    } as LeaseApi,
    pass<T>(call: () => Promise<T>): Promise<T> {
      return link.cut ? Promise.reject(new TypeError('fetch failed')) : call();
    },
  };
  return link;
}

beforeEach(async () => {
  server = await FakeApiServer.start();
  electors = [];
  // When a candidate starts leading, the Lease on the server must name it.
  monitor = new ElectionMonitor([], (identity) =>
    holder() === identity ? undefined : `${identity} leads but the Lease names ${holder()}`,
  );
  await recordHistory();
});

afterEach(async () => {
  await Promise.all(electors.map((elector) => elector.stop()));
  await closeWatch();
  monitor.close();
  await server.stop();
  expect(monitor.violations).toEqual([]);
  expect(leaseHistoryViolations(history)).toEqual([]);
});

test('two candidates: one leads, the other observes it; a graceful stop hands over at once', async () => {
  const a = candidate('a');
  const b = candidate('b');
  a.elector.start();
  b.elector.start();
  await eventually(() => monitor.leaders().length === 1, 'a leader');
  const first = monitor.leaders()[0]!;
  const leader = first === 'a' ? a : b;
  const follower = first === 'a' ? b : a;
  await eventually(() => follower.elector.leader === first, 'the follower sees it');
  expect(holder()).toBe(first);
  expect(follower.elector.isLeader).toBe(false);

  await leader.elector.stop();
  expect(leader.losses.at(-1)).toEqual({ reason: 'stopped' });
  await eventually(() => follower.elector.isLeader, 'the follower takes over');
  expect(history.at(-1)?.holder).toBe(follower.elector.leader);
  expect(history.at(-1)?.leaseTransitions).toBeGreaterThanOrEqual(1);
  // The release is in the history: empty holder, then the takeover.
  expect(history.map((h) => h.holder)).toContain('');
});

test('three candidates: a leader crash (no release) is followed by one takeover after expiry', async () => {
  const all = ['a', 'b', 'c'].map((id) => candidate(id, { releaseOnCancel: false }));
  for (const c of all) c.elector.start();
  await eventually(() => monitor.leaders().length === 1, 'a leader');
  const crashed = all.find((c) => c.elector.isLeader)!;
  const crashedId = monitor.leaders()[0];
  await crashed.elector.stop(); // stops renewing; the Lease still names it
  expect(holder()).toBe(crashedId);

  await eventually(() => monitor.leaders().length === 1, 'a new leader');
  const [successor] = monitor.leaders();
  expect(successor).not.toBe(crashedId);
  expect(holder()).toBe(successor);
  for (const c of all.filter((c) => c !== crashed)) {
    await eventually(() => c.elector.leader === successor, 'everyone sees the successor');
  }
  expect(history.at(-1)?.leaseTransitions).toBeGreaterThanOrEqual(1);
  expect(monitor.elected).toContain(crashedId);
  expect(monitor.elected.at(-1)).toBe(successor);
});

test('a leader cut off from the server steps down and reports it; a follower takes over after expiry', async () => {
  const link = partitionable(server.kubeConfig().makeApiClient(CoordinationV1Api));
  const a = candidate('a', {}, link.api);
  a.elector.start();
  await eventually(() => a.elector.isLeader, 'a leads');
  const b = candidate('b');
  b.elector.start();
  await eventually(() => b.elector.leader === 'a', 'b follows a');

  link.cut = true;
  await eventually(() => !a.elector.isLeader, 'a steps down');
  expect(a.losses.at(-1)).toEqual({ reason: 'renewDeadlineExceeded' });
  expect(a.errors.every((e) => e.transient && e.code === undefined)).toBe(true);
  await eventually(() => b.elector.isLeader, 'b takes over');

  link.cut = false;
  await eventually(() => a.elector.leader === 'b', 'a, reconnected, follows b');
  expect(a.elector.isLeader).toBe(false);
  expect(history.at(-1)?.holder).toBe('b');
});

test('conflict storm: ten candidates, a third-party writer, failing and slow requests, leaders stopping', async () => {
  const storm = { leaseDuration: 2_000, renewDeadline: 1_000, retryPeriod: 50 };
  const all = Array.from({ length: 10 }, (_, i) => candidate(`c${i}`, storm));
  for (const c of all) c.elector.start();
  // Writes by someone else: a new resourceVersion after every candidate write, same election
  // record, so candidates keep losing optimistic-concurrency races. Never twice in a row, or a
  // fast enough writer would starve every candidate.
  let touches = 0;
  let touched: string | undefined;
  const toucher = setInterval(() => {
    const version = server.get(ref)?.metadata.resourceVersion;
    if (version === undefined || version === touched) return;
    touched = server.patch(ref, (lease) => {
      lease.metadata.labels = { touch: String((touches += 1)) };
    }).metadata.resourceVersion;
  }, 5);
  server.faults.failRequests({ code: 500, resource: 'leases', times: 40 });
  server.faults.delayRequests({ ms: 60, resource: 'leases', times: 40 });
  try {
    for (let round = 0; round < 4; round += 1) {
      await eventually(() => monitor.leaders().length === 1, `leader ${round + 1}`);
      await all.find((c) => c.elector.isLeader)!.elector.stop();
    }
    await eventually(() => monitor.leaders().length === 1, 'a last leader');
  } finally {
    clearInterval(toucher);
  }

  // Each stopped leader released the Lease to another candidate: at least four handovers.
  expect(new Set(monitor.elected).size).toBeGreaterThanOrEqual(5);
  expect(history.at(-1)?.leaseTransitions).toBeGreaterThanOrEqual(4);
  const errors = all.flatMap((c) => c.errors);
  expect(errors.filter((e) => e.conflict).length).toBeGreaterThan(0);
  expect(errors.filter((e) => e.code === 500).length).toBeGreaterThan(0);
  expect(touches).toBeGreaterThan(0);
});
