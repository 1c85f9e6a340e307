import { Subject, timer, map } from 'rxjs';
import { drain } from '@rxkube/devkit';
import { harness } from './controllerHarness.testing.js';
import { thing, written, type Thing } from './fakeInformer.testing.js';
import { generationChanged } from './changePredicates.js';
import { watch, watchRequests } from './eventSource.js';
import type { ReconcileContext } from './controllerOptions.js';
import { VirtualClock } from '@rxkube/devkit';
import { FakeInformer } from './fakeInformer.testing.js';
import { controller } from './reconcileController.js';
import { seededRandom } from '@rxkube/testing';

test('reconciles every cached object, reading the current state from the cache', async () => {
  const h = harness();
  const a = thing('a');
  h.informer.cache.set('ns/a', a);
  const running = h.ctrl.run().subscribe();
  await drain();
  expect(h.keys()).toEqual(['ns/a']);
  const [call] = h.calls;
  expect(call?.context).toMatchObject({ key: 'ns/a', namespace: 'ns', name: 'a', deleted: false });
  expect(call?.context.object).toBe(a);
  call?.resolve();
  await drain();
  expect(h.outcomes).toMatchObject([
    { controller: 'test', result: 'success', deleted: false, retries: 0 },
  ]);
  running.unsubscribe();
});

test('a deleted object is reconciled with deleted: true and no object', async () => {
  const h = harness();
  const a = thing('a');
  h.informer.cache.set('ns/a', a);
  const running = h.ctrl.run().subscribe();
  await drain();
  h.calls[0]?.resolve();
  h.informer.delete(a, true); // a tombstone from a relist
  await drain();
  expect(h.calls[1]?.context).toMatchObject({ key: 'ns/a', deleted: true, object: undefined });
  h.calls[1]?.resolve();
  await drain();
  expect(h.outcomes.map((o) => o.deleted)).toEqual([false, true]);
  running.unsubscribe();
});

test('a burst of events for a waiting key collapses into one reconcile', async () => {
  const h = harness(); // one worker
  const running = h.ctrl.run().subscribe();
  h.informer.set(thing('a'));
  await drain();
  expect(h.keys()).toEqual(['ns/a']);
  // While a is reconciled, b gets 20 events and a gets 5.
  let b = thing('b');
  h.informer.set(b);
  for (let i = 0; i < 19; i += 1) h.informer.set((b = written(b)));
  for (let i = 0; i < 5; i += 1) h.informer.set(written(h.informer.cache.get('ns/a')!));
  await drain();
  expect(h.ctrl.metrics()?.depth).toBe(2);
  h.calls[0]?.resolve();
  await drain();
  expect(h.keys()).toEqual(['ns/a', 'ns/b']);
  expect(h.calls[1]?.context.object).toBe(b); // the latest state, not the first event's
  h.calls[1]?.resolve();
  await drain();
  // a changed while it was being reconciled: once more, not lost, not concurrent.
  expect(h.keys()).toEqual(['ns/a', 'ns/b', 'ns/a']);
  h.calls[2]?.resolve();
  await drain();
  expect(h.calls).toHaveLength(3);
  running.unsubscribe();
});

test('under concurrency a key is never reconciled twice at once, and every key converges', async () => {
  const clock = new VirtualClock();
  const informer = new FakeInformer(clock);
  const random = seededRandom(7);
  const active = new Set<string>();
  const seen = new Map<string, string>(); // key → resourceVersion its last reconcile read
  let overlaps = 0;
  let peak = 0;
  const ctrl = controller<Thing>({
    for: informer,
    scheduler: clock,
    concurrency: 3,
    reconcile: ({ key, object }) => {
      if (active.has(key)) overlaps += 1;
      active.add(key);
      peak = Math.max(peak, active.size);
      const version = object?.metadata.resourceVersion ?? 'deleted';
      // An Observable result: its last value counts.
      return timer(1 + Math.floor(random() * 50), clock).pipe(
        map(() => {
          active.delete(key);
          seen.set(key, version);
          return undefined;
        }),
      );
    },
  });
  const running = ctrl.run().subscribe();
  const names = ['a', 'b', 'c', 'd', 'e', 'f'];
  for (let step = 0; step < 400; step += 1) {
    const name = names[Math.floor(random() * names.length)]!;
    const current = informer.cache.get(`ns/${name}`);
    if (current !== undefined && random() < 0.15) informer.delete(current);
    else informer.set(current === undefined ? thing(name) : written(current));
    await clock.advanceAsync(Math.floor(random() * 10));
  }
  await clock.advanceAsync(1_000);
  expect(overlaps).toBe(0);
  expect(peak).toBe(3);
  for (const name of names)
    expect([name, seen.get(`ns/${name}`)]).toEqual([
      name,
      informer.cache.get(`ns/${name}`)?.metadata.resourceVersion ?? 'deleted',
    ]);
  running.unsubscribe();
});

test('primary predicates filter changes but never the periodic resync', async () => {
  const h = harness({ predicates: [generationChanged()], resyncPeriod: 60_000 });
  const running = h.ctrl.run().subscribe();
  let a = thing('a');
  h.informer.set(a);
  await drain();
  h.calls[0]?.resolve();
  h.informer.set((a = written(a))); // status-like write: same generation
  h.informer.set((a = written(a, { labels: { x: 'y' } })));
  await drain();
  expect(h.calls).toHaveLength(1);
  h.informer.set((a = written(a, { generation: 2 })));
  await drain();
  expect(h.calls).toHaveLength(2);
  h.calls[1]?.resolve();
  await drain();
  await h.clock.advanceAsync(60_000); // the handler's resync: same generation, still reconciled
  expect(h.calls).toHaveLength(3);
  h.calls[2]?.resolve();
  await drain();
  running.unsubscribe();
});

test('watch maps another informer’s events (old and new object) through predicates', async () => {
  const clock = new VirtualClock();
  const secrets = new FakeInformer(clock);
  // A secret names the things that use it in a "users" annotation.
  const h = harness({
    watches: [
      watch(
        secrets,
        (secret) => (secret.metadata.annotations?.['users'] ?? '').split(',').filter(Boolean),
        { predicates: [(event) => event.type !== 'delete'] },
      ),
    ],
  });
  const running = h.ctrl.run().subscribe();
  const secret = thing('s', { annotations: { users: 'ns/a,ns/b' } });
  secrets.set(secret);
  await h.finishAll();
  expect(h.keys()).toEqual(['ns/a', 'ns/b']);
  secrets.set(written(secret, { annotations: { users: 'ns/c' } }));
  await h.finishAll();
  // b left the relation and c joined: both reconciled (a too: it was in the old object).
  expect(h.keys().slice(2).sort()).toEqual(['ns/a', 'ns/b', 'ns/c']);
  secrets.delete(secret);
  await drain();
  expect(h.calls).toHaveLength(5); // the predicate dropped the deletion
  running.unsubscribe();
});

test('watchRequests reconciles what an Observable names', async () => {
  const requests = new Subject<string | { namespace?: string; name: string }>();
  const h = harness({ watches: [watchRequests(requests)] });
  const running = h.ctrl.run().subscribe();
  requests.next('ns/x');
  requests.next({ namespace: 'ns', name: 'x' }); // the same key, de-duplicated
  requests.next({ name: 'cluster-wide' });
  await h.finishAll();
  expect(h.calls.map((c) => [c.context.key, c.context.namespace, c.context.deleted])).toEqual([
    ['ns/x', 'ns', true],
    ['cluster-wide', '', true],
  ]);
  running.unsubscribe();
});

test('a malformed key from a custom source is a terminal error, not retried', async () => {
  const requests = new Subject<string>();
  const h = harness({ watches: [watchRequests(requests)] });
  const running = h.ctrl.run().subscribe();
  requests.next('a/b/c');
  await h.clock.advanceAsync(1_000);
  expect(h.calls).toHaveLength(0);
  expect(h.outcomes).toMatchObject([{ result: 'terminalError', request: { key: 'a/b/c' } }]);
  running.unsubscribe();
});

test('a reconcile context narrows on deleted', () => {
  const name = (context: ReconcileContext<Thing>): string =>
    context.deleted ? context.name : context.object.metadata.name;
  expect(
    name({
      key: 'ns/a',
      namespace: 'ns',
      name: 'a',
      deleted: true,
      object: undefined,
      signal: new AbortController().signal,
      retries: 0,
    }),
  ).toBe('a');
});
