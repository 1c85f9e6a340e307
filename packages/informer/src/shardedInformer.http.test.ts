import { jest } from '@jest/globals';
import { KubeConfig } from '@kubernetes/client-node';
import { eventually } from '@rxkube/devkit';
import {
  inShard,
  isDeletedFinalStateUnknown,
  splitHashSpace,
  type KubeObject,
  type Shard,
} from '@rxkube/store';
import { FakeApiServer, loadPods } from '@rxkube/testing';
import { tap } from 'rxjs';
import { listerWatcher } from './clientNode/clientNodeListerWatcher.js';
import type { InformerEvent } from './eventHandler.js';
import { fetchListerWatcher } from './fetch/fetchListerWatcher.js';
import type { ListerWatcher } from './listerWatcher.js';
import { silentLogger } from './logger.js';
import { SharedIndexInformer } from './sharedIndexInformer.js';
import { cacheState } from './testSupport/cacheState.testing.js';
import { stopWhenSocketsClosed } from './testSupport/stopWhenSocketsClosed.testing.js';

// Sharded informers over real HTTP against the fake API server, through both transports, with
// lists and watches and with streaming lists, against a server with the ShardedListAndWatch
// gate (it filters) and one without (the informer filters): two informers on the two halves of
// the hash space hold exactly their objects, see only their objects' events, and together
// hold everything.
jest.setTimeout(30_000);

const pods = { version: 'v1', plural: 'pods' };
const namespaces = ['shop', 'web', 'db'];
type Transport = (server: FakeApiServer) => ListerWatcher<KubeObject>;
const transports: Array<[string, Transport]> = [
  [
    'fetch',
    (server) =>
      fetchListerWatcher<KubeObject>(server.url, pods, {
        headers: { Authorization: `Bearer ${server.token}` },
        pageSize: 7,
      }),
  ],
  [
    'client-node',
    (server) => {
      const kc = new KubeConfig();
      kc.loadFromString(server.kubeConfigYaml());
      return listerWatcher<KubeObject>(kc, pods, { pageSize: 7 });
    },
  ],
];

/** What reached the client over the wire, before the informer's own filtering. */
interface Wire {
  listed: KubeObject[];
  watched: KubeObject[];
}

function onTheWire(lw: ListerWatcher<KubeObject>, wire: Wire): ListerWatcher<KubeObject> {
  return {
    description: lw.description,
    pageSize: lw.pageSize,
    list: (options) => lw.list(options).pipe(tap((page) => wire.listed.push(...page.items))),
    watch: (options) =>
      lw.watch(options).pipe(
        tap((event) => {
          if (event.type !== 'BOOKMARK' && event.type !== 'ERROR') wire.watched.push(event.object);
        }),
      ),
  };
}

let server: FakeApiServer;
let informers: SharedIndexInformer<KubeObject>[] = [];
afterEach(async () => {
  for (const informer of informers) informer.stop();
  informers = [];
  await stopWhenSocketsClosed(server);
});

const podRef = (namespace: string, name: string) =>
  ({ apiVersion: 'v1', kind: 'Pod', namespace, name }) as const;

describe.each(transports)('sharded informers over %s', (_, transport) => {
  describe.each([
    ['a server with the ShardedListAndWatch gate', true],
    ['a server without it (the informer filters)', false],
  ])('against %s', (_label, shardedListAndWatch) => {
    describe.each([
      ['list and watch', false],
      ['streaming lists', true],
    ])('with %s', (_mode, streamingList) => {
      test('each holds exactly its range, sees only its events, and together they hold everything', async () => {
        server = await FakeApiServer.start({ seed: 11, shardedListAndWatch });
        loadPods(server, { count: 40, namespaces });
        const shards: Shard[] = splitHashSpace(2).map((range) => ({
          field: 'uid',
          ranges: [range],
        }));
        const wires: Wire[] = shards.map(() => ({ listed: [], watched: [] }));
        const events: InformerEvent<KubeObject>[][] = shards.map(() => []);
        informers = shards.map(
          (shard, i) =>
            new SharedIndexInformer(onTheWire(transport(server), wires[i]!), {
              shard,
              reflector: { streamingList, backoff: { initialMs: 5, maxMs: 50 } },
              logger: silentLogger,
            }),
        );
        informers.forEach((informer, i) => {
          informer.handle().subscribe((event) => events[i]!.push(event));
          informer.start();
        });
        await Promise.all(informers.map((informer) => informer.waitForCacheSync()));

        const served = (shard: Shard): string[] =>
          cacheState((server.list('v1', 'Pod') as KubeObject[]).filter((p) => inShard(shard, p)));
        const cached = (i: number): string[] => cacheState(informers[i]!.getIndexer().list());
        shards.forEach((shard, i) => expect(cached(i)).toEqual(served(shard)));
        expect(served(shards[0]!).length).toBeGreaterThan(0);
        expect(served(shards[1]!).length).toBeGreaterThan(0);

        // Changes on both sides: creations, updates and deletions.
        for (let i = 0; i < 12; i += 1) server.create(podOf(`new-${i}`));
        for (let i = 0; i < 10; i += 1) {
          server.patch(podRef(namespaces[i % 3]!, `pod-${i}`), (p) => {
            p.metadata.labels = { ...p.metadata.labels, touched: 'yes' };
          });
        }
        for (let i = 10; i < 20; i += 1) server.delete(podRef(namespaces[i % 3]!, `pod-${i}`));
        await eventually(
          () => shards.every((shard, i) => cached(i).join() === served(shard).join()),
          'both caches to follow the server',
        );

        const all = cacheState(server.list('v1', 'Pod') as KubeObject[]);
        expect([...cached(0), ...cached(1)].sort()).toEqual(all);
        expect(cached(0).filter((key) => cached(1).includes(key))).toEqual([]);
        shards.forEach((shard, i) => {
          expect(events[i]!.length).toBeGreaterThan(0);
          const outside = events[i]!.map(objectOf).filter((obj) => !inShard(shard, obj));
          expect(outside).toEqual([]);
          // Each informer saw deletions of its own objects, and only those.
          const deleted = events[i]!.filter((e) => e.type === 'delete').map(objectOf);
          expect(deleted.length).toBeGreaterThan(0);
        });

        // Every request asked for the shard; only a server with the gate sent nothing else.
        const gets = server.requests().filter((r) => r.method === 'GET');
        expect(gets.length).toBeGreaterThan(0);
        expect(gets.every((r) => (r.query['shardSelector'] ?? '').startsWith('shardRange('))).toBe(
          true,
        );
        const received = wires.map(
          (wire, i) =>
            [...wire.listed, ...wire.watched].filter((obj) => !inShard(shards[i]!, obj)).length,
        );
        if (shardedListAndWatch) expect(received).toEqual([0, 0]);
        else expect(received.every((count) => count > 0)).toBe(true);
      });
    });
  });
});

function podOf(name: string) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: namespaces[name.length % 3] ?? 'shop' },
    spec: { containers: [{ name: 'main', image: 'nginx' }] },
  };
}

function objectOf(event: InformerEvent<KubeObject>): KubeObject {
  const obj = event.object;
  return isDeletedFinalStateUnknown(obj) ? (obj.obj ?? {}) : obj;
}
