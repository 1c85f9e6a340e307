import {
  Injector,
  createEnvironmentInjector,
  runInInjectionContext,
  type EnvironmentInjector,
} from '@angular/core';
import { first, firstValueFrom } from 'rxjs';
import { ConsumerDestroyedError, RxkubeNotProvidedError } from './errors.js';
import { injectInformer } from './injectInformer.js';
import { InformerRegistry } from './informerRegistry.js';
import { provideRxkube } from './provideRxkube.js';
import { applicationInjector, consumerOf } from './testSupport/injectors.testing.js';
import { ScriptedResource, testPod, type TestPod } from './testSupport/scriptedResource.testing.js';

const pods = { version: 'v1', plural: 'pods' };

let resource: ScriptedResource;
let app: EnvironmentInjector;

beforeEach(() => {
  resource = new ScriptedResource([testPod('shop', 'web-1'), testPod('shop', 'web-2')]);
  app = applicationInjector(resource);
});
afterEach(() => {
  // Some tests destroy the application themselves.
  if (!app.destroyed) app.destroy();
});

function viewFor(consumer: EnvironmentInjector, namespace?: string) {
  return runInInjectionContext(consumer, () =>
    injectInformer<TestPod>(pods, namespace === undefined ? {} : { namespace }),
  );
}

test('consumers of one resource share one informer: one lister-watcher, one list, one watch', async () => {
  const first = viewFor(consumerOf(app));
  const second = viewFor(consumerOf(app));

  expect(second.informer).toBe(first.informer);
  expect(await first.informer.waitForCacheSync()).toBe(true);
  expect(resource.listerWatchers).toBe(1);
  expect(resource.lists).toBe(1);
  expect(resource.openWatches).toBe(1);
  expect(app.get(InformerRegistry).size).toBe(1);
});

test('another namespace or selector is another informer', () => {
  const all = viewFor(consumerOf(app));
  const shop = viewFor(consumerOf(app), 'shop');
  const web = runInInjectionContext(consumerOf(app), () =>
    injectInformer<TestPod>(pods, { namespace: 'shop', labelSelector: 'app=web' }),
  );

  expect(new Set([all.informer, shop.informer, web.informer]).size).toBe(3);
  expect(resource.listerWatchers).toBe(3);
});

test('the informer runs while any consumer lives and stops when the last one is destroyed', async () => {
  const first = consumerOf(app);
  const second = consumerOf(app);
  const { informer } = viewFor(first);
  viewFor(second);
  await informer.waitForCacheSync();

  first.destroy();
  expect(informer.isStopped()).toBe(false);
  expect(resource.openWatches).toBe(1);

  second.destroy();
  expect(informer.isStopped()).toBe(true);
  expect(resource.openWatches).toBe(0);
  expect(app.get(InformerRegistry).size).toBe(0);
});

test('a consumer after the last one left gets a new informer, which lists again', async () => {
  const first = consumerOf(app);
  const { informer: stopped } = viewFor(first);
  await stopped.waitForCacheSync();
  first.destroy();

  const { informer } = viewFor(consumerOf(app));

  expect(informer).not.toBe(stopped);
  expect(await informer.waitForCacheSync()).toBe(true);
  expect(informer.getIndexer().list()).toHaveLength(2);
  expect(resource.lists).toBe(2);
});

test("destroying the application's injector stops every informer and refuses new consumers", () => {
  const consumer = consumerOf(app);
  const { informer } = viewFor(consumer);
  const registry = app.get(InformerRegistry);

  app.destroy();

  expect(informer.isStopped()).toBe(true);
  expect(resource.openWatches).toBe(0);
  const other = applicationInjector(resource);
  try {
    expect(() => registry.view(pods, {}, consumerOf(other))).toThrow(ConsumerDestroyedError);
  } finally {
    other.destroy();
  }
});

test('a destroyed consumer gets a typed error, and nothing is started or held for it', () => {
  const consumer = consumerOf(app);
  consumer.destroy();

  expect(() => app.get(InformerRegistry).view(pods, {}, consumer)).toThrow(ConsumerDestroyedError);
  expect(app.get(InformerRegistry).size).toBe(0);
  expect(resource.lists).toBe(0);
  expect(resource.openWatches).toBe(0);
});

test('without provideRxkube, injectInformer says which provider is missing', () => {
  const bare = createEnvironmentInjector([], Injector.NULL as EnvironmentInjector);
  try {
    expect(() => runInInjectionContext(bare, () => injectInformer(pods))).toThrow(
      RxkubeNotProvidedError,
    );
  } finally {
    bare.destroy();
  }
});

test('a lister-watcher that cannot be built fails that request alone; running informers go on', async () => {
  const refused = new Error('secrets are not served');
  const withRefusal = createEnvironmentInjector(
    [
      provideRxkube({
        listerWatcherFor: (ref) => {
          if (typeof ref !== 'string' && ref.plural === 'secrets') throw refused;
          return resource.listerWatcher();
        },
        // The scripted resource answers lists, not streaming lists.
        informer: { reflector: { streamingList: false } },
      }),
    ],
    Injector.NULL as EnvironmentInjector,
  );
  try {
    const running = viewFor(consumerOf(withRefusal));
    await running.informer.waitForCacheSync();

    expect(() =>
      runInInjectionContext(consumerOf(withRefusal), () =>
        injectInformer({ version: 'v1', plural: 'secrets' }),
      ),
    ).toThrow(refused);
    expect(withRefusal.get(InformerRegistry).size).toBe(1);
    expect(running.informer.isStopped()).toBe(false);
    resource.apply(testPod('shop', 'web-3'));
    expect(await firstValueFrom(running.list$().pipe(first((list) => list.length === 3)))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ metadata: expect.objectContaining({ name: 'web-3' }) }),
      ]),
    );
  } finally {
    withRefusal.destroy();
  }
});
