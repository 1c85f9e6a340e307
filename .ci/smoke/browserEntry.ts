// The browser-safe packages as a page uses them: bundled by esbuild for the browser, this must
// resolve no Node built-in. It also runs, so the bundle is known to work, not only to build.
import { FifoInput, applyDeltas, deltaFifo } from '@rxkube/queue';
import { Indexer, NamespaceIndex, metaNamespaceIndexFunc, type KubeObject } from '@rxkube/store';
import { concatMap, filter, from, lastValueFrom, toArray } from 'rxjs';

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
