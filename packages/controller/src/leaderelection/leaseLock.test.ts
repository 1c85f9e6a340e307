import { ApiException, V1MicroTime } from '@kubernetes/client-node';
import type { V1Lease } from '@kubernetes/client-node';
import { LeaseApiError } from './errors.js';
import { toLeaseApiError } from './leaseApiError.js';
import { LeaseLock } from './leaseLock.js';
import { leaseSpecFromRecord, recordFromLease, sameRecord } from './leaderElectionRecord.js';
import { MemoryLeaseStore } from './memoryLeases.testing.js';
import { VirtualClock } from '@rxkube/devkit';

const record = {
  holderIdentity: 'a',
  leaseDurationSeconds: 15,
  acquireTime: Date.UTC(2025, 2, 4, 5, 6, 7, 891),
  renewTime: Date.UTC(2025, 2, 4, 5, 6, 9, 12),
  leaseTransitions: 3,
};

test('records are written with MicroTimes and read back from the wire strings client-node returns', () => {
  const spec = leaseSpecFromRecord(record);
  expect(spec.renewTime).toBeInstanceOf(V1MicroTime);
  expect(JSON.parse(JSON.stringify(spec))).toEqual({
    holderIdentity: 'a',
    leaseDurationSeconds: 15,
    acquireTime: '2025-03-04T05:06:07.891000Z',
    renewTime: '2025-03-04T05:06:09.012000Z',
    leaseTransitions: 3,
  });
  const fromWire = recordFromLease({ spec: JSON.parse(JSON.stringify(spec)) } as V1Lease);
  expect(fromWire).toEqual(record);
  expect(sameRecord(fromWire, record)).toBe(true);
  // Microsecond precision from other clients, and Date values, read too.
  expect(
    recordFromLease({
      spec: { renewTime: '2025-03-04T05:06:09.012345Z' as unknown as V1MicroTime },
    }).renewTime,
  ).toBe(record.renewTime);
  expect(recordFromLease({ spec: { renewTime: new V1MicroTime(5) } }).renewTime).toBe(5);
});

test('an empty spec reads as a free lease', () => {
  const free = recordFromLease({});
  expect(free).toEqual({
    holderIdentity: '',
    leaseDurationSeconds: 0,
    acquireTime: undefined,
    renewTime: undefined,
    leaseTransitions: 0,
  });
  expect(sameRecord(free, { ...free, leaseTransitions: 1 })).toBe(false);
  expect(sameRecord(free, { ...free, renewTime: 1 })).toBe(false);
});

test.each([
  [409, 'Conflict', true],
  [404, 'NotFound', true],
  [429, 'TooManyRequests', true],
  [500, 'InternalError', true],
  [503, 'ServiceUnavailable', true],
  [504, 'Timeout', true],
  [400, 'BadRequest', false],
  [401, 'Unauthorized', false],
  [403, 'Forbidden', false],
  [422, 'Invalid', false],
])('HTTP %d %s is transient: %p', (code, reason, transient) => {
  const error = toLeaseApiError(
    'update',
    'ops/op',
    new ApiException(code, 'x', JSON.stringify({ kind: 'Status', reason }), {}),
  );
  expect(error).toBeInstanceOf(LeaseApiError);
  expect(error).toMatchObject({ verb: 'update', lock: 'ops/op', code, reason, transient });
  expect(error.conflict).toBe(code === 409);
  expect(error.message).toContain(`HTTP ${code}`);
});

test('an error without an HTTP answer (network) is transient; a LeaseApiError passes through', () => {
  const network = toLeaseApiError('get', 'ops/op', new TypeError('fetch failed'));
  expect(network).toMatchObject({ code: undefined, reason: undefined, transient: true });
  expect(network.cause).toBeInstanceOf(TypeError);
  expect(network.message).toContain('no response');
  expect(toLeaseApiError('get', 'x', network)).toBe(network);
  expect(toLeaseApiError('get', 'x', new ApiException(418, 'x', 'not json', {})).reason).toBe(
    undefined,
  );
});

test('LeaseLock: get of a missing Lease is undefined; create, update with preconditions, conflicts', async () => {
  const store = new MemoryLeaseStore(new VirtualClock());
  const lock = new LeaseLock(store.client('a'), { namespace: 'ops', name: 'op' });
  const other = new LeaseLock(store.client('b'), { namespace: 'ops', name: 'op' });
  expect(lock.known).toBe(false);
  expect(await lock.get()).toBeUndefined();
  await expect(lock.update(record)).rejects.toThrow('read or created first');

  await lock.create(record);
  expect(lock.known).toBe(true);
  const dup = await other.create(record).catch((e: unknown) => e);
  expect(dup).toMatchObject({ code: 409, reason: 'AlreadyExists', verb: 'create' });

  expect(await other.get()).toEqual(record);
  await lock.update({ ...record, renewTime: record.renewTime + 2_000 });
  const stale = await other.update({ ...record, holderIdentity: 'b' }).catch((e: unknown) => e);
  expect(stale).toMatchObject({ code: 409, reason: 'Conflict', transient: true });
  expect(store.get('ops', 'op')?.spec?.holderIdentity).toBe('a');
  expect(store.writes.map((w) => w.by)).toEqual(['a', 'a']);
});

test('LeaseLock keeps Lease fields it does not own', async () => {
  const store = new MemoryLeaseStore(new VirtualClock());
  const client = store.client('a');
  await client.createNamespacedLease({
    namespace: 'ops',
    body: { metadata: { name: 'op', labels: { team: 'x' } }, spec: { strategy: 'Custom' } },
  });
  const lock = new LeaseLock(client, { namespace: 'ops', name: 'op' });
  await lock.get();
  await lock.update(record);
  const stored = store.get('ops', 'op');
  expect(stored?.metadata?.labels).toEqual({ team: 'x' });
  expect(stored?.spec).toMatchObject({ strategy: 'Custom', holderIdentity: 'a' });
});
