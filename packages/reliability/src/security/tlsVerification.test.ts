import { jest } from '@jest/globals';
import { FakeApiServer } from '@rxkube/testing';
import { pollUntil } from '@rxkube/devkit';
import { kubeConfigFor } from './kubeConfigs.testing.js';
import { startRecordingInformer, type RecordingInformer } from './recordingInformer.testing.js';

jest.setTimeout(60_000);

let server: FakeApiServer;
let impostorCa: FakeApiServer;
const running: RecordingInformer[] = [];
beforeAll(async () => {
  // Another server's certificate: a CA that did not sign this server's certificate.
  impostorCa = await FakeApiServer.start({ tls: true });
});
afterAll(() => impostorCa.stop());
beforeEach(async () => {
  server = await FakeApiServer.start({ tls: true, token: 'tls-token' });
  server.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'a' } });
});
afterEach(async () => {
  for (const r of running.splice(0)) r.informer.stop();
  await server.stop();
});

function start(options: Omit<Parameters<typeof kubeConfigFor>[0], 'server' | 'token'>) {
  const recording = startRecordingInformer(
    kubeConfigFor({ server: server.url, token: 'tls-token', ...options }),
    { backoffMs: 50 },
  );
  running.push(recording);
  return recording;
}

test.each([
  ['a CA that did not sign the server certificate', () => ({ caPem: impostorCa.certificate })],
  ['no CA at all (the system roots do not know it)', () => ({})],
])('verification is on: %s fails with a clear ConnectionError', async (_, options) => {
  const recording = start(options());
  expect(
    await pollUntil(() => recording.errors.length >= 2, { timeoutMs: 10_000, pollMs: 10 }),
  ).toBe(true);
  expect(recording.informer.hasSynced()).toBe(false);
  expect(recording.errors[0]).toMatchObject({ kind: 'connection', verb: 'list' });
  expect(recording.errors[0]!.message).toMatch(
    /^list pods: connection failed: .*(self[- ]signed certificate|unable to verify|certificate)/i,
  );
});

test('the right CA connects; skipping verification happens only when the kubeconfig says so', async () => {
  const trusted = start({ caPem: server.certificate });
  const skipping = start({ skipTLSVerify: true });
  const synced = () => trusted.informer.hasSynced() && skipping.informer.hasSynced();
  expect(await pollUntil(synced, { timeoutMs: 10_000, pollMs: 10 })).toBe(true);
  expect(trusted.errors).toEqual([]);
  expect(skipping.errors).toEqual([]);
});
