import { jest } from '@jest/globals';
import { eventually } from '@rxkube/devkit';
import type { KubeObject } from '@rxkube/store';
import { ChurnGenerator, FakeApiServer, loadPods } from '@rxkube/testing';
import type { InformerError } from '../errors.js';
import { silentLogger } from '../logger.js';
import { SharedIndexInformer } from '../sharedIndexInformer.js';
import { cacheState, serverPodState } from '../testSupport/cacheState.testing.js';
import { fetchListerWatcher } from './fetchListerWatcher.js';
import { stopWhenSocketsClosed } from '../testSupport/stopWhenSocketsClosed.testing.js';

// A SharedIndexInformer on the fetch lister-watcher, through the faults the client-node one is
// tested with: its cache must end equal to the server's every time. Real HTTP and a few fault
// cycles: a loaded machine needs more than Jest's default 5 s.
jest.setTimeout(30_000);
let server: FakeApiServer;
let informer: SharedIndexInformer<KubeObject>;
let errors: InformerError[];

beforeEach(async () => {
  server = await FakeApiServer.start({ seed: 5 });
  errors = [];
  informer = new SharedIndexInformer(
    fetchListerWatcher<KubeObject>(
      server.url,
      { version: 'v1', plural: 'pods' },
      { headers: { Authorization: `Bearer ${server.token}` }, pageSize: 7 },
    ),
    {
      reflector: { backoff: { initialMs: 5, maxMs: 50 }, idleTimeoutMs: 300 },
      logger: silentLogger,
    },
  );
  informer.errors$.subscribe((err) => errors.push(err));
});
afterEach(async () => {
  informer.stop();
  await stopWhenSocketsClosed(server);
});

const inSync = (): boolean =>
  JSON.stringify(cacheState(informer.getIndexer().list())) ===
  JSON.stringify(serverPodState(server));

test('converges through churn, a compaction (410), dropped and stalled watches and refusals', async () => {
  loadPods(server, { count: 30, namespaces: ['a', 'b'] });
  informer.start();
  await informer.waitForCacheSync();
  expect(informer.getIndexer().size).toBe(30);
  const churn = new ChurnGenerator(server, { namespaces: ['a', 'b'], seed: 3, maxObjects: 60 });

  server.faults.resetWatchAfter(2);
  churn.step(20);
  await eventually(inSync, 'convergence after a dropped connection');

  // The watch goes silent; changes and a compaction happen behind its back; the idle guard
  // reconnects at a version that is gone (410) and the informer relists.
  server.faults.stallWatchAfter(0);
  server.closeWatches();
  await eventually(() => server.faults.count('stallWatch') === 1, 'the stalled watch');
  churn.step(20);
  server.compact();
  await eventually(inSync, 'convergence after the compaction');
  expect(errors.some((e) => e.kind === 'api' && (e as { code?: number }).code === 410)).toBe(true);
  expect(errors.some((e) => e.kind === 'idle')).toBe(true);

  server.faults.malformedLineAfter(1);
  server.faults.failRequests({ code: 429, retryAfterSeconds: 0, verb: 'watch', times: 2 });
  server.faults.failRequests({ code: 500, verb: 'list', times: 1 });
  // Stream faults arm the next watch: end the current one so the next is a new request.
  server.closeWatches();
  churn.step(20);
  // The bad line goes out on the new watch's second event, which the refusals delay: changes go
  // on until it has gone out.
  await eventually(() => {
    if (server.faults.count('malformedLine') > 0) return true;
    churn.step(1);
    return false;
  }, 'the malformed line');
  await eventually(inSync, 'convergence after a bad line and refusals');
  expect(new Set(errors.map((e) => e.kind))).toContain('decode');
  expect(informer.metrics().relists).toBeGreaterThanOrEqual(2);
});
