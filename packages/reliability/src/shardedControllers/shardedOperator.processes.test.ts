import { jest } from '@jest/globals';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FakeApiServer, seededRandom } from '@rxkube/testing';
import { bundleFromSource } from '../../../cli/src/testSupport/cliProcess.testing.js';
import { eventually } from '@rxkube/devkit';
import {
  actualState,
  configMap,
  deploymentRef,
  expectedState,
  namespace,
  ref,
} from '../../../controller/src/examples/configMapHash/cluster.testing.js';
import { ReconcileLog, overlaps } from './reconcileIntervals.testing.js';
import { ReplicaProcess } from './replicaProcess.testing.js';
import { monotonicNow } from './replicaProtocol.testing.js';

// Three replicas of the sharded example operator, each a Node.js process of its own, against
// one fake API server over HTTP: ~2,000 ConfigMaps under churn, one replica killed (SIGKILL)
// and a new one added on the way. Everything waits on conditions; the timing is the shard
// membership's own (short leases, so that the killed replica's share moves in seconds).
jest.setTimeout(120_000);

const configMaps = Number(process.env['SHARD_TEST_CMS'] ?? 2_000);
const timing = { leaseDuration: 3_000, renewDeadline: 2_000, retryPeriod: 500 };
// Every range is a clause of the shardSelector in the list and watch URLs: 256 points per
// member make a selector of ~30 KB, past the 16 KB an HTTP server of Node.js accepts in a
// request head; 32 keep it near 4 KB, with shares of ±30 % for these identities.
const virtualNodes = 32;
/** Each live replica holds its share of the ConfigMaps within this fraction of `1/n`. */
const shareTolerance = 0.5;

let bundle: string;
let server: FakeApiServer;
const replicas: ReplicaProcess[] = [];
const log = new ReconcileLog();

beforeAll(async () => {
  bundle = await bundleFromSource(
    fileURLToPath(new URL('./operatorReplica.testing.ts', import.meta.url)),
    'sharded-operator-replica',
  );
  server = await FakeApiServer.start();
});

afterAll(async () => {
  await Promise.all(replicas.map((replica) => replica.stop()));
  await server?.stop();
  if (bundle !== undefined) rmSync(bundle, { force: true });
});

function startReplica(identity: string): ReplicaProcess {
  const replica = new ReplicaProcess(
    bundle,
    { identity, kubeConfigYaml: server.kubeConfigYaml(), namespace, virtualNodes, ...timing },
    log,
  );
  replicas.push(replica);
  return replica;
}

/** Lets the replicas' requests in: the server runs in this process. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Random edits: new data, deletions, new ConfigMaps, lost labels, Deployments tampered with. */
async function churn(random: () => number, steps: number, names: string[]): Promise<void> {
  for (let step = 0; step < steps; step++) {
    const roll = random();
    const name = names[Math.floor(random() * names.length)]!;
    const existing = server.get(ref(name));
    if (roll < 0.1) {
      // Always a new name: a recreated name would be a new object (a new uid, maybe another
      // replica's), and the check below is per key.
      const fresh = `cm-new-${names.length}`;
      names.push(fresh);
      server.create(configMap(fresh, { v: String(step) }));
    } else if (existing === undefined) {
      continue;
    } else if (roll < 0.7) {
      server.patch(ref(name), (cm) => void ((cm as { data?: object }).data = { v: `${step}` }));
    } else if (roll < 0.8) {
      server.delete(ref(name));
    } else if (roll < 0.85) {
      server.patch(ref(name), (cm) => void (cm.metadata!.labels = {}));
    } else if (server.get(deploymentRef(name)) !== undefined) {
      server.patch(deploymentRef(name), (d) => void (d.metadata!.annotations = {}));
    }
    if (step % 10 === 0) await turn();
  }
}

/** Waits until every labelled ConfigMap has its Deployment with its hash, and no other is left. */
async function converged(timeoutMs: number): Promise<void> {
  let summary = '';
  try {
    await eventually(
      () => {
        const expected = expectedState(server);
        const actual = actualState(server);
        const wrong = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].filter(
          (name) => JSON.stringify(expected[name]) !== JSON.stringify(actual[name]),
        );
        summary = `${wrong.length} Deployments wrong, e.g. ${wrong.slice(0, 3).join(', ')}`;
        return wrong.length === 0;
      },
      'convergence',
      { timeoutMs, pollMs: 100 },
    );
  } catch (error) {
    const errors = replicas.flatMap((replica) => replica.errors).slice(0, 5);
    const held = await Promise.all(
      replicas.map(async (replica) => {
        const report = await replica.report().catch(() => undefined);
        return report === undefined
          ? `${replica.identity}: gone`
          : `${replica.identity}: ${report.keys.length} cached, ${report.ranges.length} ranges`;
      }),
    );
    throw new Error(
      `${(error as Error).message}: ${summary}; replicas: ${held.join(', ')}; errors: ${errors.join('\n')}`,
    );
  }
}

/** Waits until every one of `live` says the ranges are agreed (`ShardCoordinator.agreed`). */
async function allAgreed(live: ReplicaProcess[], timeoutMs: number): Promise<void> {
  const deadline = monotonicNow() + timeoutMs;
  for (;;) {
    const reports = await Promise.all(live.map((replica) => replica.report()));
    if (reports.every((report) => report.agreed)) return;
    if (monotonicNow() > deadline) {
      const not = live.filter((_, i) => !reports[i]!.agreed).map((replica) => replica.identity);
      throw new Error(`never agreed: ${not.join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The holder named in a member's Lease, `''` once released. */
function leaseHolder(identity: string): string | undefined {
  const lease = server.get({
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    namespace,
    name: `configmap-hash-${identity}`,
  });
  return (lease?.['spec'] as { holderIdentity?: string } | undefined)?.holderIdentity;
}

/** Waits until the live replicas' caches split the labelled ConfigMaps between them. */
async function sharesSettled(live: ReplicaProcess[], timeoutMs: number): Promise<number[]> {
  const deadline = monotonicNow() + timeoutMs;
  let last = '';
  for (;;) {
    const caches = await Promise.all(live.map((replica) => replica.cacheKeys()));
    const wanted = Object.keys(expectedState(server)).length;
    const all = new Set(caches.flat());
    const sizes = caches.map((keys) => keys.length);
    last = `caches ${sizes.join(', ')} of ${wanted} (${all.size} distinct)`;
    if (all.size === wanted && sizes.reduce((a, b) => a + b, 0) === wanted) return sizes;
    if (monotonicNow() > deadline) throw new Error(`shares never settled: ${last}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test("three operator processes share ~2,000 ConfigMaps under churn, survive a SIGKILL and a newcomer, never reconcile one key twice at once, and release the killed one's Lease for a later newcomer", async () => {
  const random = seededRandom(5866);
  const names = Array.from({ length: configMaps }, (_, i) => `cm-${i}`);
  for (const name of names) server.create(configMap(name, { v: '0' }));

  const [first, doomed, third] = ['replica-a', 'replica-b', 'replica-c'].map(startReplica);
  await converged(60_000);
  await sharesSettled([first!, doomed!, third!], 30_000);

  await churn(random, 400, names);
  // Killed while the churn keeps it busy: its reconciles in flight die with it.
  await doomed!.kill();
  const newcomer = startReplica('replica-d');
  await churn(random, 400, names);

  await converged(60_000);
  const live = [first!, third!, newcomer];
  const sizes = await sharesSettled(live, 30_000);
  const fair = sizes.reduce((a, b) => a + b, 0) / live.length;
  for (const size of sizes) {
    expect(size).toBeGreaterThanOrEqual(fair * (1 - shareTolerance));
    expect(size).toBeLessThanOrEqual(fair * (1 + shareTolerance));
  }
  // Every replica did its part, the killed one before it died and the newcomer after.
  for (const replica of [...live, doomed!]) expect(replica.reconciles).toBeGreaterThan(0);
  expect(log.size).toBeGreaterThan(configMaps);
  expect(overlaps(log.intervals())).toEqual([]);
  expect(live.flatMap((replica) => replica.errors)).toEqual([]);

  // The killed replica's Lease was released by a survivor, claims and all: a replica that
  // starts now never counts the dead one in, and the group agrees on its ranges again.
  await eventually(() => leaseHolder('replica-b') === '', "the killed replica's Lease released", {
    timeoutMs: 30_000,
    pollMs: 100,
  });
  const late = startReplica('replica-e');
  await allAgreed([...live, late], 60_000);
  await converged(60_000);
  await sharesSettled([...live, late], 30_000);
  expect((await late.report()).membersSeen).not.toContain('replica-b');
  expect(overlaps(log.intervals())).toEqual([]);
  expect([...live, late].flatMap((replica) => replica.errors)).toEqual([]);
});
