import { VirtualClock } from '@rxkube/devkit';
import type { ResourceRef } from '@rxkube/informer';
import { NEVER } from 'rxjs';
import { InformerRegistry } from './informerRegistry.js';

const pods = (namespace: string): ResourceRef => `/api/v1/namespaces/${namespace}/pods`;

// Renders that React throws away (concurrent rendering, Suspense, a namespace typed letter by
// letter) read informers no component ever uses: they must not stay in the registry.
test('an informer read by renders but never used is dropped after the grace period', () => {
  const clock = new VirtualClock();
  const registry = new InformerRegistry({
    listerWatcherFor: () => ({ description: 'pods', list: () => NEVER, watch: () => NEVER }),
    scheduler: clock,
    gracePeriodMs: 1000,
  });
  const read = ['s', 'sh', 'sho'].map((namespace) => registry.informerFor(pods(namespace)));
  const release = registry.acquire(pods('shop'));
  expect(registry.size).toBe(4);

  clock.advance(1000);
  expect(registry.size).toBe(1);
  expect(read.every((informer) => informer.isStopped())).toBe(true);
  expect(registry.informerFor(pods('shop')).isStopped()).toBe(false);
  release();
  clock.advance(1000);
  expect(registry.size).toBe(0);
});

test('an informer read by a render and used within the grace period is the one that starts', () => {
  const clock = new VirtualClock();
  const registry = new InformerRegistry({
    listerWatcherFor: () => ({ description: 'pods', list: () => NEVER, watch: () => NEVER }),
    scheduler: clock,
    gracePeriodMs: 1000,
  });
  const rendered = registry.informerFor(pods('shop'));
  clock.advance(999);
  const release = registry.acquire(pods('shop'));
  clock.advance(5000);
  expect(registry.informerFor(pods('shop'))).toBe(rendered);
  expect(rendered.isStarted() && !rendered.isStopped()).toBe(true);
  release();
  // Dropped after the grace period: a running informer would keep its watch's timers alive.
  clock.advance(1000);
  expect(registry.size).toBe(0);
  expect(rendered.isStopped()).toBe(true);
});
