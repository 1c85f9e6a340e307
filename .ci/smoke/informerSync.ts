// Runs against the packed packages as a user installs them: an informer syncs from the fake API
// server over real HTTPS with the installed client-node, follows a change, and stops cleanly.
import { readFileSync } from 'node:fs';
import { InformerError, SharedIndexInformer } from '@rxkube/informer';
import { ApiError } from '@rxkube/informer/errors';
import { listerWatcher } from '@rxkube/informer/node';
import { Backoff } from '@rxkube/informer/reflector';
import { NamespaceIndex, metaNamespaceIndexFunc, type KubeObject } from '@rxkube/store';
import { FakeApiServer, loadPods } from '@rxkube/testing';
import { filter, firstValueFrom, timeout } from 'rxjs';

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`smoke check failed: ${what}`);
}

const clientNode = JSON.parse(
  readFileSync(
    new URL('../node_modules/@kubernetes/client-node/package.json', import.meta.url),
    'utf8',
  ),
) as { version: string };
const expectedMajor = process.env['EXPECT_CLIENT_NODE_MAJOR'];
check(
  expectedMajor === undefined || clientNode.version.startsWith(`${expectedMajor}.`),
  `client-node ${clientNode.version} is major ${expectedMajor}`,
);

// The subpath entry points load through package.json's exports and share the root's classes
// (the informer below runs on /node's lister-watcher).
check(ApiError.prototype instanceof InformerError, '/errors classes extend the root InformerError');
check(
  new Backoff(
    () => 0,
    () => 0,
  ).next() === 800,
  '/reflector: a Backoff starts at 800 ms',
);

const server = await FakeApiServer.start({ tls: true });
loadPods(server, { count: 40, namespaces: ['a', 'b'] });
const informer = new SharedIndexInformer<KubeObject>(
  listerWatcher(server.kubeConfig(), { version: 'v1', plural: 'pods' }),
  { indexers: { [NamespaceIndex]: metaNamespaceIndexFunc } },
);
const errors: Error[] = [];
informer.errors$.subscribe((err) => errors.push(err));
const running = informer.start();
try {
  await firstValueFrom(informer.hasSynced$.pipe(filter(Boolean), timeout(30_000)));
  check(informer.getIndexer().list().length === 40, 'the cache holds the 40 listed pods');
  check(informer.getIndexer().byIndex(NamespaceIndex, 'a').length === 20, '20 pods in "a"');

  server.create({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'late', namespace: 'b' },
    spec: { containers: [{ name: 'c', image: 'busybox' }] },
  });
  await firstValueFrom(
    informer.get$('b/late').pipe(
      filter((pod) => pod !== undefined),
      timeout(30_000),
    ),
  );
  check(errors.length === 0, `no informer errors (${errors.map((e) => e.message).join('; ')})`);
} finally {
  running.unsubscribe();
  await server.stop();
}
check(server.openConnections === 0, 'every connection closed');
console.log(
  `informer smoke: synced 40 pods and followed a watch event (node ${process.version}, client-node ${clientNode.version})`,
);
