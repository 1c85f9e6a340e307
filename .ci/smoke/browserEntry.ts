// The browser-safe packages as a page uses them: bundled by esbuild for the browser, this must
// resolve no Node built-in, and pull in neither client-node nor node-fetch (pack-smoke checks the
// bundle's inputs). It also runs, so the bundle is known to work, not only to build.
import { SharedIndexInformer, fetchListerWatcher, type ListerWatcher } from '@rxkube/informer';
import { FifoInput, applyDeltas, deltaFifo } from '@rxkube/queue';
import { Indexer, NamespaceIndex, metaNamespaceIndexFunc, type KubeObject } from '@rxkube/store';
import { NEVER, concatMap, filter, firstValueFrom, from, lastValueFrom, of, toArray } from 'rxjs';

interface Pod extends KubeObject {
  readonly kind: string;
}

const pod = (namespace: string, name: string): Pod => ({
  kind: 'Pod',
  metadata: { namespace, name, resourceVersion: '1' },
});

const indexer = new Indexer<Pod>({ indexers: { [NamespaceIndex]: metaNamespaceIndexFunc } });
const events = await lastValueFrom(
  from([
    FifoInput.replace([pod('a', 'x'), pod('a', 'y'), pod('b', 'z')], '1'),
    FifoInput.delete(pod('a', 'y')),
  ]).pipe(
    deltaFifo({ knownObjects: indexer }),
    filter((event) => event.type === 'popped'),
    concatMap((popped) => applyDeltas(indexer, popped.deltas, popped.isInInitialList)),
    toArray(),
  ),
);
const inA = indexer.byIndex(NamespaceIndex, 'a').length;
if (inA !== 1 || events.length === 0) throw new Error(`browser bundle: ${inA} pods in "a"`);
console.log(`browser bundle: ${events.length} events, ${inA} pod left in "a"`);

// The informer core on a lister-watcher of its own, and the fetch one a page would use.
const pods: ListerWatcher<Pod> = {
  description: 'pods',
  list: () => of({ items: [pod('a', 'x'), pod('b', 'y')], resourceVersion: '2' }),
  watch: () => NEVER,
};
const informer = new SharedIndexInformer(pods);
const running = informer.start();
await firstValueFrom(informer.hasSynced$.pipe(filter(Boolean)));
const cached = informer.getIndexer().list().length;
running.unsubscribe();
const viaFetch = fetchListerWatcher('http://127.0.0.1:8001', { version: 'v1', plural: 'pods' });
if (cached !== 2 || viaFetch.description !== 'pods') {
  throw new Error(`browser bundle: the informer cached ${cached} pods`);
}
console.log(`browser bundle: an informer synced ${cached} pods`);
