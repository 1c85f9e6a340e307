import { ApiException, CoordinationV1Api, V1MicroTime } from '@kubernetes/client-node';
import type { V1Lease, V1LeaseSpec } from '@kubernetes/client-node';
import { RawClient } from '../contract/rawClient.testing.js';
import { FakeApiServer } from '../fakeApiServer.js';

let server: FakeApiServer;
let leases: CoordinationV1Api;

beforeEach(async () => {
  server = await FakeApiServer.start();
  leases = server.kubeConfig().makeApiClient(CoordinationV1Api);
});
afterEach(() => server.stop());

const ref = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', namespace: 'ops', name: 'lock' };

function lease(holder: string, at: Date): V1Lease {
  return {
    metadata: { name: 'lock', namespace: 'ops' },
    spec: {
      holderIdentity: holder,
      leaseDurationSeconds: 15,
      acquireTime: new V1MicroTime(at.getTime()),
      renewTime: new V1MicroTime(at.getTime()),
      leaseTransitions: 0,
    },
  };
}

/** The stored Lease's spec, as the server holds it (what it decoded). */
function storedSpec(): V1LeaseSpec | undefined {
  return server.get(ref)?.['spec'] as V1LeaseSpec | undefined;
}

/** client-node hands MicroTime fields back as the wire string; older or newer versions may parse. */
function instant(value: unknown): number {
  return new Date(value as string | Date).getTime();
}

test('leases are served as a built-in coordination.k8s.io/v1 resource with discovery', async () => {
  const resources = await leases.getAPIResources();
  expect(resources.groupVersion).toBe('coordination.k8s.io/v1');
  expect(resources.resources).toEqual([
    expect.objectContaining({ name: 'leases', kind: 'Lease', namespaced: true }),
  ]);
  const raw = new RawClient(server);
  const group = (await raw.get('/apis/coordination.k8s.io')).body;
  expect(group.preferredVersion.groupVersion).toBe('coordination.k8s.io/v1');
});

test('client-node creates, reads and replaces a lease; MicroTimes go out with six fractional digits and come back to the same instant', async () => {
  const acquired = new Date('2025-03-04T05:06:07.891Z');
  const created = await leases.createNamespacedLease({
    namespace: 'ops',
    body: lease('a', acquired),
  });
  expect(created.kind).toBe('Lease');
  expect(created.metadata?.resourceVersion).toBe(server.resourceVersion);

  // What kube-apiserver would have decoded: RFC 3339 with microseconds.
  expect(storedSpec()?.renewTime).toBe('2025-03-04T05:06:07.891000Z');
  expect(storedSpec()?.acquireTime).toBe('2025-03-04T05:06:07.891000Z');

  const read = await leases.readNamespacedLease({ name: 'lock', namespace: 'ops' });
  expect(read.spec?.holderIdentity).toBe('a');
  expect(instant(read.spec?.renewTime)).toBe(acquired.getTime());
  expect(instant(read.spec?.acquireTime)).toBe(acquired.getTime());

  // Round trip: what was read goes back out unchanged, plus a renewal.
  const renewed = new Date(acquired.getTime() + 2_345);
  read.spec!.renewTime = new V1MicroTime(renewed.getTime());
  const replaced = await leases.replaceNamespacedLease({
    name: 'lock',
    namespace: 'ops',
    body: read,
  });
  expect(Number(replaced.metadata?.resourceVersion)).toBeGreaterThan(
    Number(created.metadata?.resourceVersion),
  );
  expect(instant(replaced.spec?.renewTime)).toBe(renewed.getTime());
  expect(instant(replaced.spec?.acquireTime)).toBe(acquired.getTime());
  expect(storedSpec()?.renewTime).toBe('2025-03-04T05:06:10.236000Z');
});

test('a replace with a stale resourceVersion is 409 Conflict, so only one of two racing writers wins', async () => {
  const created = await leases.createNamespacedLease({
    namespace: 'ops',
    body: lease('a', new Date()),
  });
  const takeover = (holder: string): Promise<unknown> =>
    leases
      .replaceNamespacedLease({
        name: 'lock',
        namespace: 'ops',
        body: {
          ...created,
          spec: { ...created.spec, holderIdentity: holder, leaseTransitions: 1 },
        },
      })
      .catch((error: unknown) => error);
  const [b, c] = await Promise.all([takeover('b'), takeover('c')]);
  const failures = [b, c].filter((r): r is ApiException<string> => r instanceof ApiException);
  expect(failures).toHaveLength(1);
  expect(failures[0]!.code).toBe(409);
  expect(JSON.parse(failures[0]!.body).reason).toBe('Conflict');
  const winner = failures[0] === b ? 'c' : 'b';
  expect(storedSpec()?.holderIdentity).toBe(winner);

  const duplicate = await leases
    .createNamespacedLease({ namespace: 'ops', body: lease('d', new Date()) })
    .catch((error: unknown) => error);
  expect((duplicate as ApiException<string>).code).toBe(409);
  expect(JSON.parse((duplicate as ApiException<string>).body).reason).toBe('AlreadyExists');

  const missing = await leases
    .readNamespacedLease({ name: 'other', namespace: 'ops' })
    .catch((error: unknown) => error);
  expect((missing as ApiException<string>).code).toBe(404);
});

test('a millisecond timestamp (a plain Date) is rejected as kube-apiserver rejects it: 400', async () => {
  const body = lease('a', new Date());
  body.spec!.renewTime = new Date() as V1MicroTime;
  const error = await leases
    .createNamespacedLease({ namespace: 'ops', body })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiException);
  expect((error as ApiException<string>).code).toBe(400);
  expect(JSON.parse((error as ApiException<string>).body).message).toContain('spec.renewTime');

  const raw = new RawClient(server);
  const created = await raw.request('POST', '/apis/coordination.k8s.io/v1/namespaces/ops/leases', {
    metadata: { name: 'lock' },
    spec: { holderIdentity: 'a', renewTime: '2025-03-04T05:06:07.891234+02:00', acquireTime: null },
  });
  expect(created.status).toBe(201);
  const patched = await raw.request(
    'PATCH',
    '/apis/coordination.k8s.io/v1/namespaces/ops/leases/lock',
    { spec: { acquireTime: '2025-03-04T05:06:07Z' } },
    { 'Content-Type': 'application/merge-patch+json' },
  );
  expect(patched.status).toBe(400);
});
