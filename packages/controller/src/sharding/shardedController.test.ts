import { VirtualClock, drain } from '@rxkube/devkit';
import { fnv1a64 } from '@rxkube/store';
import { BehaviorSubject } from 'rxjs';
import { harness } from '../reconcile/controllerHarness.testing.js';
import { FakeInformer, thing, type Thing } from '../reconcile/fakeInformer.testing.js';
import type { RangeSet } from './rangeSet.js';
import { normalizeRanges } from './rangeSet.js';
import type { ControllerShards } from './shardGate.js';
import type { ShardWork } from './shardWork.js';

/** Ranges holding exactly the hashes of these uids. */
function only(...uids: string[]): RangeSet {
  return normalizeRanges(uids.map((uid) => ({ start: fnv1a64(uid), end: fnv1a64(uid) + 1n })));
}

/** A shard membership whose ranges the test sets by hand. */
class HandShards implements ControllerShards {
  readonly field = 'uid' as const;
  readonly ranges = new BehaviorSubject<RangeSet>([]);
  readonly ranges$ = this.ranges.asObservable();
  readonly work = new Set<ShardWork>();

  get current(): RangeSet {
    return this.ranges.value;
  }

  set current(ranges: RangeSet) {
    this.ranges.next(ranges);
  }

  registerWork(work: ShardWork): () => void {
    this.work.add(work);
    return () => void this.work.delete(work);
  }

  inFlight(): bigint[] {
    return [...this.work].flatMap((work) => [...work.hashesInFlight()]);
  }
}

const kind = { apiVersion: 'v1', kind: 'Thing' };

function child(name: string, uid: string, ownerUid: string, ownerName: string): Thing {
  return thing(name, {
    uid,
    ownerReferences: [
      { apiVersion: 'v1', kind: 'Thing', name: ownerName, uid: ownerUid, controller: true },
    ],
  });
}

test('a sharded controller reconciles the objects of its ranges only, and owned objects by the hash of their controller owner', async () => {
  const shards = new HandShards();
  shards.current = only('uid-a', 'uid-child-of-b');
  const owned = new FakeInformer(new VirtualClock());
  const h2 = harness({ shards, kind, concurrency: 4, owns: [owned] });
  h2.informer.cache.set('ns/a', thing('a', { uid: 'uid-a' }));
  h2.informer.cache.set('ns/b', thing('b', { uid: 'uid-b' }));
  const running = h2.ctrl.run().subscribe();
  await drain();
  expect(h2.keys()).toEqual(['ns/a']);
  await h2.finishAll();

  // The child's own uid is in the ranges, its owner's is not: not ours.
  owned.set(child('b-child', 'uid-child-of-b', 'uid-b', 'b'));
  // The child's own uid is outside, its owner's inside: ours, with its parent.
  owned.set(child('a-child', 'uid-child-of-a', 'uid-a', 'a'));
  await drain();
  expect(h2.keys()).toEqual(['ns/a', 'ns/a']);
  await h2.finishAll();
  running.unsubscribe();
});

test('keys whose range leaves while they wait are dropped, and the deletes of objects leaving the shard reconcile nothing', async () => {
  const shards = new HandShards();
  shards.current = only('uid-a', 'uid-c', 'uid-d');
  const h = harness({ shards, concurrency: 1 });
  const a = thing('a', { uid: 'uid-a' });
  const c = thing('c', { uid: 'uid-c' });
  const d = thing('d', { uid: 'uid-d' });
  for (const object of [a, c, d]) h.informer.cache.set(`ns/${object.metadata.name}`, object);
  const running = h.ctrl.run().subscribe();
  await drain();
  expect(h.keys()).toEqual(['ns/a']); // c and d wait behind it

  // c's range moves to another replica; its informer relists and deletes c from the cache.
  shards.current = only('uid-a', 'uid-d');
  h.informer.delete(c, true);
  // d is really deleted, in our range: that reconcile must happen.
  h.informer.delete(d);
  await h.finishAll();
  expect(h.keys()).toEqual(['ns/a', 'ns/d']);
  expect(h.calls[1]?.context).toMatchObject({ key: 'ns/d', deleted: true });
  expect(h.outcomes.map((outcome) => outcome.request.key)).toEqual(['ns/a', 'ns/d']);
  running.unsubscribe();
});

test('the membership is told which hashes are being reconciled, and when none is', async () => {
  const shards = new HandShards();
  shards.current = only('uid-a', 'uid-b');
  const h = harness({ shards, concurrency: 2 });
  h.informer.cache.set('ns/a', thing('a', { uid: 'uid-a' }));
  h.informer.cache.set('ns/b', thing('b', { uid: 'uid-b' }));
  expect(shards.work.size).toBe(1);
  const running = h.ctrl.run().subscribe();
  await drain();
  expect(shards.inFlight().sort()).toEqual([fnv1a64('uid-a'), fnv1a64('uid-b')].sort());

  // The ranges leave: nothing new starts, but what runs is still reported until it ends.
  shards.current = [];
  let idle = false;
  void [...shards.work][0]!.idle().then(() => (idle = true));
  h.calls[0]?.resolve();
  await drain();
  expect(shards.inFlight()).toEqual([fnv1a64('uid-b')]);
  expect(idle).toBe(false);
  h.calls[1]?.resolve();
  await drain();
  expect(shards.inFlight()).toEqual([]);
  expect(idle).toBe(true);

  await h.ctrl.stop();
  running.unsubscribe();
  expect(shards.work.size).toBe(0);
});

test('a range gained brings the owners of its owned objects to reconcile, also when the owner is gone: nothing is left behind', async () => {
  const shards = new HandShards();
  shards.current = only('uid-a');
  const owned = new FakeInformer(new VirtualClock());
  // Left behind by an owner that is gone (deleted, or no longer selected by the primary
  // informer) while its range belonged to another replica.
  owned.cache.set('ns/orphan', child('orphan', 'uid-orphan', 'uid-gone', 'gone'));
  const h = harness({ shards, kind, concurrency: 2, owns: [owned] });
  h.informer.cache.set('ns/a', thing('a', { uid: 'uid-a' }));
  const running = h.ctrl.run().subscribe();
  await drain();
  expect(h.keys()).toEqual(['ns/a']);
  await h.finishAll();

  shards.current = only('uid-a', 'uid-gone');
  await drain();
  expect(h.keys()).toEqual(['ns/a', 'ns/gone']);
  expect(h.calls[1]?.context).toMatchObject({ key: 'ns/gone', deleted: true });
  await h.finishAll();
  // Ranges that shrink replay nothing.
  shards.current = only('uid-gone');
  await drain();
  expect(h.keys()).toEqual(['ns/a', 'ns/gone']);
  running.unsubscribe();
});
