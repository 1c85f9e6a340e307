import { computed, runInInjectionContext, type EnvironmentInjector } from '@angular/core';
import { InformerError } from '@rxkube/informer';
import { IndexNotFoundError, NamespaceIndex, metaNamespaceIndexFunc } from '@rxkube/store';
import { first, firstValueFrom, type Observable } from 'rxjs';
import { ConsumerDestroyedError } from './errors.js';
import { injectInformer } from './injectInformer.js';
import type { InformerView } from './informerView.js';
import { applicationInjector, consumerOf } from './testSupport/injectors.testing.js';
import { ScriptedResource, testPod, type TestPod } from './testSupport/scriptedResource.testing.js';

let resource: ScriptedResource;
let app: EnvironmentInjector;
let consumer: EnvironmentInjector;
let view: InformerView<TestPod>;

beforeEach(async () => {
  resource = new ScriptedResource([
    testPod('shop', 'web-1'),
    testPod('shop', 'web-2'),
    testPod('other', 'db-1'),
  ]);
  app = applicationInjector(resource);
  consumer = consumerOf(app);
  view = runInInjectionContext(consumer, () =>
    injectInformer<TestPod>(
      { version: 'v1', plural: 'pods' },
      { indexers: { [NamespaceIndex]: metaNamespaceIndexFunc } },
    ),
  );
});
afterEach(() => app.destroy());

/** Waits until the stream's answer satisfies `predicate` (the informer applies events async). */
function until<V>(stream: Observable<V>, predicate: (value: V) => boolean): Promise<V> {
  return firstValueFrom(stream.pipe(first(predicate)));
}

function names(pods: readonly TestPod[]): string[] {
  return pods.map((p) => p.metadata.name).sort();
}

/** A computed over `read` that counts how often it had to recompute. */
function counted<V>(read: () => V): { value: () => V; computations: () => number } {
  let computations = 0;
  const value = computed(() => {
    computations += 1;
    return read();
  });
  return { value, computations: () => computations };
}

test('syncedSignal and listSignal hold the current answer at once, then follow the cache', async () => {
  const synced = view.syncedSignal();
  const pods = view.listSignal();

  await until(view.synced$, Boolean);
  expect(synced()).toBe(true);
  expect(names(pods())).toEqual(['db-1', 'web-1', 'web-2']);

  resource.apply(testPod('shop', 'web-3'));
  resource.remove('other', 'db-1');
  await until(view.list$(), (list) => list.length === 3 && !names(list).includes('db-1'));
  expect(names(pods())).toEqual(['web-1', 'web-2', 'web-3']);
});

test('byIndexSignal changes when its bucket does, and not for a change in another namespace', async () => {
  await until(view.synced$, Boolean);
  const shop = counted(view.byIndexSignal(NamespaceIndex, 'shop'));
  const before = shop.value();
  expect(names(before)).toEqual(['web-1', 'web-2']);

  resource.apply(testPod('other', 'db-1', 'Failed'));
  resource.apply(testPod('other', 'db-2'));
  await until(view.byIndex$(NamespaceIndex, 'other'), (list) => list.length === 2);
  expect(shop.value()).toBe(before);
  expect(shop.computations()).toBe(1);

  resource.apply(testPod('shop', 'web-2', 'Failed'));
  await until(view.get$('shop/web-2'), (pod) => pod?.status?.phase === 'Failed');
  expect(shop.value()).not.toBe(before);
  expect(shop.value().find((p) => p.metadata.name === 'web-2')?.status?.phase).toBe('Failed');
  expect(shop.computations()).toBe(2);
});

test('objectSignal changes with its object only', async () => {
  await until(view.synced$, Boolean);
  const web1 = counted(view.objectSignal('shop/web-1'));
  expect(web1.value()?.status?.phase).toBe('Running');

  resource.apply(testPod('shop', 'web-2', 'Failed'));
  await until(view.get$('shop/web-2'), (pod) => pod?.status?.phase === 'Failed');
  web1.value();
  expect(web1.computations()).toBe(1);

  resource.remove('shop', 'web-1');
  await until(view.get$('shop/web-1'), (pod) => pod === undefined);
  expect(web1.value()).toBeUndefined();
  expect(web1.computations()).toBe(2);
});

test('errorSignal shows the latest failure, typed, while the informer keeps running', async () => {
  await until(view.synced$, Boolean);
  const error = view.errorSignal();
  expect(error()).toBeUndefined();

  const reported = until(view.errors$, () => true);
  resource.failWatches(new Error('connection reset'));
  await reported;

  expect(error()).toBeInstanceOf(InformerError);
  expect(view.informer.isStopped()).toBe(false);
  expect(names(view.listSignal()())).toEqual(['db-1', 'web-1', 'web-2']);
});

test('statusSignal says when the informer backs off and since when its cache is stale, then that it is current again', async () => {
  await until(view.status$, (s) => s.hasSynced && s.phase === 'watching');
  const status = view.statusSignal();
  expect(status()).toMatchObject({ phase: 'watching', staleSince: undefined });

  const backingOff = until(view.status$, (s) => s.phase === 'backingOff');
  resource.failWatches(new Error('connection reset'));
  await backingOff;
  const stale = status();
  expect(stale.phase).toBe('backingOff');
  expect(stale.retryAt).toBeGreaterThan(stale.staleSince!);
  expect(stale.lastError).toBeInstanceOf(InformerError);
  // The cache keeps its last state meanwhile.
  expect(names(view.listSignal()())).toEqual(['db-1', 'web-1', 'web-2']);

  // The informer relists after its backoff (0.8–1.6 s) and is current again.
  await until(view.status$, (s) => s.phase === 'watching' && s.staleSince === undefined);
  expect(status()).toMatchObject({ phase: 'watching', staleSince: undefined });
});

test('an index the informer lacks is a typed error at the call, and the informer keeps running', async () => {
  expect(() => view.byIndexSignal('by-node', 'node-1')).toThrow(IndexNotFoundError);
  expect(() => view.byIndex$('by-node', 'node-1')).toThrow(IndexNotFoundError);
  expect(view.informer.isStopped()).toBe(false);
  expect(await until(view.synced$, Boolean)).toBe(true);
});

test('a consumer that asks for another index adds it to the shared informer', async () => {
  const other = runInInjectionContext(consumerOf(app), () =>
    injectInformer<TestPod>(
      { version: 'v1', plural: 'pods' },
      { indexers: { phase: (pod: TestPod) => [pod.status?.phase ?? ''] } },
    ),
  );
  expect(other.informer).toBe(view.informer);
  await until(other.synced$, Boolean);
  expect(names(other.byIndexSignal('phase', 'Running')())).toEqual(['db-1', 'web-1', 'web-2']);
  expect(names(other.byIndexSignal(NamespaceIndex, 'other')())).toEqual(['db-1']);
});

test('an index a second consumer adds before the first sync answers once synced, and follows changes', async () => {
  const plain = runInInjectionContext(consumerOf(app), () =>
    injectInformer<TestPod>({ version: 'v1', plural: 'pods' }, { namespace: 'shop' }),
  );
  const indexed = runInInjectionContext(consumerOf(app), () =>
    injectInformer<TestPod>(
      { version: 'v1', plural: 'pods' },
      { namespace: 'shop', indexers: { phase: (pod: TestPod) => [pod.status?.phase ?? ''] } },
    ),
  );
  const failed = indexed.byIndexSignal('phase', 'Failed');
  await until(plain.synced$, Boolean);
  expect(failed()).toEqual([]);

  resource.apply(testPod('shop', 'web-1', 'Failed'));
  await until(indexed.byIndex$('phase', 'Failed'), (list) => list.length === 1);
  expect(names(failed())).toEqual(['web-1']);
});

test('a view read after its consumer was destroyed is a typed error', () => {
  consumer.destroy();
  expect(() => view.listSignal()).toThrow(ConsumerDestroyedError);
  expect(() => view.objectSignal('shop/web-1')).toThrow(ConsumerDestroyedError);
  expect(() => view.syncedSignal()).toThrow(ConsumerDestroyedError);
  expect(() => view.statusSignal()).toThrow(ConsumerDestroyedError);
});
