import {
  ChurnGenerator,
  descendingResourceVersions,
  FakeApiServer,
  loadPods,
  opaqueResourceVersions,
  type ResourceVersionFormat,
} from '@rxkube/testing';
import type { KubeObject } from '@rxkube/store';
import { listerWatcher } from './clientNode/clientNodeListerWatcher.js';
import type { InformerError } from './errors.js';
import { SharedIndexInformer } from './sharedIndexInformer.js';
import { eventually } from '@rxkube/devkit';

let server: FakeApiServer | undefined;
let informer: SharedIndexInformer<KubeObject> | undefined;
afterEach(async () => {
  informer?.stop();
  if (server !== undefined) {
    const stopping = server;
    await eventually(() => stopping.openConnections === 0, 'sockets to close');
    await stopping.stop();
  }
});

const state = (objects: readonly KubeObject[]): string[] =>
  objects
    .map((o) => `${o.metadata?.namespace}/${o.metadata?.name}@${o.metadata?.resourceVersion}`)
    .sort();

// Aggregated API servers may hand out versions that are not increasing numbers; client-go never
// orders them. With descending versions every update looks "older" than the object it replaces.
test.each<[string, ResourceVersionFormat]>([
  ['descending', descendingResourceVersions],
  ['non-numeric', opaqueResourceVersions],
])(
  'with %s resource versions over HTTP, every event is applied and the cache equals the server',
  async (_, resourceVersions) => {
    const fake = await FakeApiServer.start({ seed: 5, resourceVersions });
    server = fake;
    loadPods(fake, { count: 40, namespaces: ['a', 'b'] });
    const lw = listerWatcher<KubeObject>(fake.kubeConfig(), { version: 'v1', plural: 'pods' });
    const running = new SharedIndexInformer(lw, { reflector: { backoff: { initialMs: 5 } } });
    informer = running;
    const errors: InformerError[] = [];
    running.errors$.subscribe((e) => errors.push(e));
    running.start();
    await running.waitForCacheSync();
    await eventually(() => fake.openWatches === 1, 'the watch');
    const churn = new ChurnGenerator(fake, { seed: 9, namespaces: ['a', 'b'] });
    const serverState = (): string[] => state(fake.list('v1', 'Pod'));
    const converged = (): boolean =>
      state(running.getIndexer().list()).join() === serverState().join();

    churn.step(60);
    await eventually(converged, 'the cache to follow the watch');
    // The watch ends; the next one resumes from the last version the informer saw.
    fake.closeWatches();
    churn.step(60);
    await eventually(converged, 'the cache to follow the resumed watch');
    fake.sendBookmarks();
    await eventually(
      () => running.indexer$.value.resourceVersion === fake.resourceVersion,
      'the bookmark',
    );
    expect(state(running.indexer$.value.list())).toEqual(serverState());
    expect(errors).toEqual([]);
  },
);
