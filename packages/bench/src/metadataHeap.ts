/**
 * The heap a metadata-only informer retains per object, against an informer of whole objects,
 * over real HTTP from the fake API server (whose pods carry `managedFields`, as on a cluster).
 * Usage: `node --expose-gc dist/metadataHeap.js [--pods N]` (or
 * `npm run metadata-heap -w @rxkube/bench`); 50,000 pods by default.
 *
 * Four informers: whole objects and metadata only, each with and without the
 * `stripManagedFields` transform. Each informer syncs, is stopped (its cache stays), and the heap after full collections is
 * compared with the heap before it started. Both forms of the list are served once before
 * measuring, so the server's own caches of serialised members are not counted.
 */
import { SharedIndexInformer, fetchListerWatcher, silentLogger } from '@rxkube/informer';
import { type KubeObject, stripManagedFields } from '@rxkube/store';
import { FakeApiServer, loadPods } from '@rxkube/testing';
import { bytes } from './report.js';

const argPods = process.argv.indexOf('--pods');
const PODS = argPods > 0 ? Number(process.argv[argPods + 1]) : 50_000;
const pods = { version: 'v1', plural: 'pods' };

function collect(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('run with node --expose-gc');
  for (let i = 0; i < 4; i++) gc();
  return process.memoryUsage().heapUsed;
}

async function retained(
  server: FakeApiServer,
  metadataOnly: boolean,
  strip: boolean,
): Promise<number> {
  const before = collect();
  let informer: SharedIndexInformer<KubeObject> | undefined = new SharedIndexInformer(
    fetchListerWatcher<KubeObject>(server.url, pods, {
      headers: { Authorization: `Bearer ${server.token}` },
      metadataOnly,
    }),
    { logger: silentLogger, freeze: false, ...(strip ? { transform: stripManagedFields } : {}) },
  );
  informer.start();
  await informer.waitForCacheSync();
  informer.stop();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const after = collect();
  if (informer.getIndexer().size !== PODS) throw new Error('the informer did not sync');
  informer = undefined;
  return (after - before) / PODS;
}

async function main(): Promise<void> {
  const server = await FakeApiServer.start({ historyLimit: PODS + 10 });
  loadPods(server, { count: PODS, namespaces: Array.from({ length: 20 }, (_, i) => `ns-${i}`) });
  for (const accept of [
    'application/json',
    'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1',
  ]) {
    const res = await fetch(`${server.url}/api/v1/pods`, {
      headers: { Authorization: `Bearer ${server.token}`, Accept: accept },
    });
    await res.arrayBuffer();
  }
  const full = await retained(server, false, false);
  const fullStripped = await retained(server, false, true);
  const metadata = await retained(server, true, false);
  const metadataStripped = await retained(server, true, true);
  const share = (n: number): string => `${((100 * n) / full).toFixed(1)} %`;
  await server.stop();
  process.stdout.write(
    [
      `| informer (${PODS} pods) | retained heap per object | of a full informer |`,
      '| --- | --- | --- |',
      `| whole objects | ${bytes(full)} | 100 % |`,
      `| whole objects, stripManagedFields | ${bytes(fullStripped)} | ${share(fullStripped)} |`,
      `| metadata only | ${bytes(metadata)} | ${share(metadata)} |`,
      `| metadata only, stripManagedFields | ${bytes(metadataStripped)} | ${share(metadataStripped)} |`,
    ].join('\n') + '\n',
  );
}

await main();
