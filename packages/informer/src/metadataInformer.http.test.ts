import { jest } from '@jest/globals';
import { KubeConfig } from '@kubernetes/client-node';
import { eventually } from '@rxkube/devkit';
import type { PartialObjectMetadata } from '@rxkube/store';
import { ChurnGenerator, FakeApiServer, loadPods } from '@rxkube/testing';
import { metadataListerWatcher } from './clientNode/metadataListerWatcher.js';
import type { InformerEvent } from './eventHandler.js';
import { fetchMetadataListerWatcher } from './fetch/fetchMetadataListerWatcher.js';
import type { ListerWatcher } from './listerWatcher.js';
import { silentLogger } from './logger.js';
import { SharedIndexInformer } from './sharedIndexInformer.js';
import { cacheState, serverPodState } from './testSupport/cacheState.testing.js';
import { stopWhenSocketsClosed } from './testSupport/stopWhenSocketsClosed.testing.js';

// Metadata-only informers over real HTTP against the fake API server, through both transports,
// with a server that serves the metadata-only form and one that answers whole objects.
jest.setTimeout(30_000);

const pods = { version: 'v1', plural: 'pods' };
type Transport = (server: FakeApiServer) => ListerWatcher<PartialObjectMetadata>;
const transports: Array<[string, Transport]> = [
  [
    'fetch',
    (server) =>
      fetchMetadataListerWatcher(server.url, pods, {
        headers: { Authorization: `Bearer ${server.token}` },
        pageSize: 7,
      }),
  ],
  [
    'client-node',
    (server) => {
      const kc = new KubeConfig();
      kc.loadFromString(server.kubeConfigYaml());
      return metadataListerWatcher(kc, pods, { pageSize: 7 });
    },
  ],
];

let server: FakeApiServer;
let informer: SharedIndexInformer<PartialObjectMetadata>;
afterEach(async () => {
  informer.stop();
  await stopWhenSocketsClosed(server);
});

const onlyMetadata = (obj: PartialObjectMetadata): boolean =>
  Object.keys(obj).sort().join() === 'apiVersion,kind,metadata' &&
  obj.kind === 'PartialObjectMetadata' &&
  obj.apiVersion === 'meta.k8s.io/v1';

describe.each(transports)('a metadata-only informer over %s', (_, transport) => {
  describe.each([
    ['a server that serves PartialObjectMetadata', true],
    ['a server that answers whole objects', false],
  ])('against %s', (_label, partialObjectMetadata) => {
    beforeEach(async () => {
      server = await FakeApiServer.start({ seed: 7, partialObjectMetadata });
      informer = new SharedIndexInformer(transport(server), {
        // List-then-watch: the relist below is a list at the compacted version, which the
        // server answers 410; a streaming relist there is not refused.
        reflector: { backoff: { initialMs: 5, maxMs: 50 }, streamingList: false },
        logger: silentLogger,
      });
    });

    test('syncs, follows events and relists after a 410, caching metadata only', async () => {
      loadPods(server, { count: 20, namespaces: ['a', 'b'] });
      const events: InformerEvent<PartialObjectMetadata>[] = [];
      informer.handle().subscribe((event) => events.push(event));
      const codes: unknown[] = [];
      informer.errors$.subscribe((err) => codes.push((err as { code?: number }).code));
      informer.start();
      await informer.waitForCacheSync();
      expect(cacheState(informer.getIndexer().list())).toEqual(serverPodState(server));
      expect(informer.getIndexer().list().every(onlyMetadata)).toBe(true);
      const web = informer.getIndexer().getByKey('a/pod-0');
      const served = server.get({ apiVersion: 'v1', kind: 'Pod', namespace: 'a', name: 'pod-0' });
      expect(web?.metadata).toEqual(served?.metadata);

      server.patch({ apiVersion: 'v1', kind: 'Pod', namespace: 'a', name: 'pod-0' }, (p) => {
        p.metadata.labels = { ...p.metadata.labels, touched: 'yes' };
      });
      await eventually(
        () => informer.getIndexer().getByKey('a/pod-0')?.metadata.labels?.['touched'] === 'yes',
        'the update',
      );
      const update = events.find((e) => e.type === 'update');
      expect(update !== undefined && onlyMetadata(update.object)).toBe(true);

      // Changes behind a compacted history: the watch gets a 410 and the informer relists.
      const churn = new ChurnGenerator(server, { namespaces: ['a', 'b'], seed: 3, maxObjects: 40 });
      server.faults.stallWatchAfter(0);
      server.closeWatches();
      await eventually(() => server.faults.count('stallWatch') === 1, 'the stalled watch');
      churn.step(15);
      server.compact();
      server.closeWatches();
      await eventually(
        () =>
          JSON.stringify(cacheState(informer.getIndexer().list())) ===
          JSON.stringify(serverPodState(server)),
        'convergence after the relist',
      );
      expect(codes).toContain(410);
      expect(informer.getIndexer().list().every(onlyMetadata)).toBe(true);
    });
  });
});
