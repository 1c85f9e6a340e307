import { jest } from '@jest/globals';
import { eventually } from '@rxkube/devkit';
import { SharedIndexInformer, silentLogger } from '@rxkube/informer';
import { listerWatcher } from '@rxkube/informer/node';
import type { KubeObject } from '@rxkube/store';
import { FakeApiServer, deeplyNested, stringifyJson } from '@rxkube/testing';
import { PassThrough } from 'node:stream';
import { startJsonEvents } from './jsonEvents.js';

// Real HTTP on a loaded machine: more than Jest's default 5 s.
jest.setTimeout(30_000);

let server: FakeApiServer;
let informer: SharedIndexInformer<KubeObject> | undefined;

beforeEach(async () => {
  server = await FakeApiServer.start();
});
afterEach(async () => {
  informer?.stop();
  await eventually(() => server.openWatches === 0, 'the watch to close');
  await server.stop();
});

test('writes an object nested 10,000 levels deep whole, on one line that parses back to it', async () => {
  const deep = deeplyNested(10_000, 'mixed');
  server.create({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'deep', namespace: 'shop' },
    spec: { containers: [], deep },
  });
  informer = new SharedIndexInformer<KubeObject>(
    listerWatcher(server.kubeConfig(), { version: 'v1', plural: 'pods' }),
    { logger: silentLogger },
  );
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const errors: unknown[] = [];
  informer.errors$.subscribe((err) => errors.push(err));
  const subscription = startJsonEvents(out, informer);
  informer.start();
  await eventually(() => text.includes('"SYNCED"'), 'SYNCED');
  subscription.unsubscribe();
  const lines = text.split('\n').filter((line) => line !== '');
  expect(lines.map((line) => line.slice(0, 16))).toEqual(['{"type":"ADDED",', '{"type":"SYNCED"']);
  const added = JSON.parse(lines[0]!) as { object: { spec: { deep: unknown } } };
  expect(stringifyJson(added.object.spec.deep)).toBe(stringifyJson(deep));
  expect(errors).toEqual([]);
});
