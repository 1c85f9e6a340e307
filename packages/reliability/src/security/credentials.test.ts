import { jest } from '@jest/globals';
import { FakeApiServer } from '@rxkube/testing';
import { pollUntil, sleep } from '@rxkube/devkit';
import { clientCredentials, kubeConfigFor, type ClientCredentials } from './kubeConfigs.testing.js';
import { startRecordingInformer, type RecordingInformer } from './recordingInformer.testing.js';

jest.setTimeout(60_000);

const token = 'tok-9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const wrongToken = 'tok-wrong-0a1b2c3d4e5f60718293a4b5c6d7e8f9';
let server: FakeApiServer;
let client: ClientCredentials;
const running: RecordingInformer[] = [];
beforeAll(async () => {
  client = await clientCredentials();
});
beforeEach(async () => {
  server = await FakeApiServer.start({ tls: true, token, forbiddenNamespaces: ['locked'] });
});
afterEach(async () => {
  for (const r of running.splice(0)) r.informer.stop();
  await server.stop();
});

function start(kc: ReturnType<typeof kubeConfigFor>, options = {}): RecordingInformer {
  const recording = startRecordingInformer(kc, options);
  running.push(recording);
  return recording;
}

const secretsIn = (text: string): string[] =>
  [token, wrongToken, client.key.split('\n')[1]!, 'Bearer ']
    .filter((secret) => text.includes(secret))
    .map((secret) => secret.slice(0, 12));

test('credentials never appear in logs or errors, whatever fails', async () => {
  const good = { server: server.url, token, caPem: server.certificate, client };
  const recordings = [
    start(kubeConfigFor({ ...good, token: wrongToken }), { backoffMs: 50 }), // 401
    start(kubeConfigFor(good), { namespace: 'locked', backoffMs: 50 }), // 403
    start(kubeConfigFor({ ...good, caPem: undefined }), { backoffMs: 50 }), // TLS failure
    start(kubeConfigFor(good), { backoffMs: 50 }), // faults below
  ];
  server.faults.failRequests({ code: 500, verb: 'list', times: 2 });
  expect(
    await pollUntil(() => recordings[3]!.informer.hasSynced(), { timeoutMs: 20_000, pollMs: 10 }),
  ).toBe(true);
  server.faults.malformedLineAfter(0);
  server.closeWatches();
  // The armed line goes out with the next event of the next watch; the informer may relist
  // first (a watch closed this early counts as a very short one), so keep writing until the
  // malformed line has reached it.
  let created = 0;
  const decoded = await pollUntil(
    () => {
      if (recordings[3]!.errors.some((e) => e.kind === 'decode')) return true;
      server.create({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: `p${created++}`, namespace: 'a' },
      });
      return false;
    },
    { timeoutMs: 20_000, pollMs: 100 },
  );
  expect(decoded).toBe(true);
  // Stopping the server makes every informer see connection errors: record the others first.
  const kindsOf = (r: RecordingInformer): string[] =>
    [...new Set(r.errors.map((e) => e.kind))].sort();
  const beforeStop = recordings.slice(0, 3).map(kindsOf);
  await server.stop(); // connection refused from now on
  expect(
    await pollUntil(() => recordings[3]!.errors.some((e) => e.kind === 'connection'), {
      timeoutMs: 10_000,
      pollMs: 10,
    }),
  ).toBe(true);

  expect(beforeStop).toEqual([['api'], ['api'], ['connection']]);
  expect(kindsOf(recordings[3]!)).toEqual(expect.arrayContaining(['api', 'connection', 'decode']));
  for (const recording of recordings) expect(secretsIn(recording.transcript())).toEqual([]);
});

test('401 and 403 are reported clearly and retried only with backoff', async () => {
  const unauthorized = start(
    kubeConfigFor({ server: server.url, token: wrongToken, caPem: server.certificate }),
  );
  const forbidden = start(kubeConfigFor({ server: server.url, token, caPem: server.certificate }), {
    namespace: 'locked',
  });
  await sleep(3_000);
  // client-go's backoff: 800 ms, 1.6 s, 3.2 s… each stretched by up to 100 %. A hot loop would
  // send hundreds of requests in three seconds.
  for (const recording of [unauthorized, forbidden]) {
    expect(recording.requests()).toBeGreaterThanOrEqual(1);
    expect(recording.requests()).toBeLessThanOrEqual(4);
    expect(recording.errors).toHaveLength(recording.requests());
  }
  expect(unauthorized.errors[0]).toMatchObject({ kind: 'api', code: 401, reason: 'Unauthorized' });
  expect(unauthorized.errors[0]!.message).toBe('list pods: 401 Unauthorized: Unauthorized');
  expect(forbidden.errors[0]).toMatchObject({ kind: 'api', code: 403, reason: 'Forbidden' });
  expect(forbidden.errors[0]!.message).toBe(
    'list pods in locked: 403 Forbidden: pods is forbidden: User "rxkube-test" cannot list resource "pods" in API group "" in the namespace "locked"',
  );
});
