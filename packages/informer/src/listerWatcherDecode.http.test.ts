import { eventually } from '@rxkube/devkit';
import { FakeApiServer } from '@rxkube/testing';
import { listerWatcher } from './clientNode/clientNodeListerWatcher.js';
import { DecodeError, type InformerError } from './errors.js';
import { silentLogger } from './logger.js';
import { SharedIndexInformer } from './sharedIndexInformer.js';
import { pod, type TestPod } from './testSupport/pods.testing.js';
import { stopWhenSocketsClosed } from './testSupport/stopWhenSocketsClosed.testing.js';

// The lister-watcher's `decode` option over real HTTP: it converts every object, listed or
// watched, and a decode that throws is reported as a DecodeError while the informer goes on.

/** A model class, as client-node's are: what `decode` makes of the parsed JSON. */
class PodModel {
  readonly metadata: TestPod['metadata'];
  readonly decodedFrom: unknown;

  constructor(raw: TestPod) {
    this.metadata = raw.metadata;
    this.decodedFrom = raw;
  }
}

let server: FakeApiServer;
let informer: SharedIndexInformer<PodModel>;
let errors: InformerError[];

beforeEach(async () => {
  server = await FakeApiServer.start({ seed: 9 });
  errors = [];
});
afterEach(async () => {
  informer.stop();
  await stopWhenSocketsClosed(server);
});

/**
 * @param decode - the lister-watcher's decode
 * @param streamingList - the sync's mode; default the informer's (a streaming list)
 */
function start(decode: (raw: unknown) => PodModel, streamingList?: boolean): void {
  informer = new SharedIndexInformer(
    listerWatcher(server.kubeConfig(), { version: 'v1', plural: 'pods' }, { decode }),
    {
      logger: silentLogger,
      reflector: {
        backoff: { initialMs: 5, maxMs: 20 },
        ...(streamingList === undefined ? {} : { streamingList }),
      },
    },
  );
  informer.errors$.subscribe((error) => errors.push(error));
  informer.start();
}

const cached = (name: string): PodModel | undefined =>
  informer.getIndexer().getByKey(`default/${name}`);

test('decode converts every listed item and every watched object', async () => {
  server.create(pod('listed', ''));
  const decoded: string[] = [];
  start((raw) => {
    decoded.push((raw as TestPod).metadata.name);
    return new PodModel(raw as TestPod);
  });
  expect(await informer.waitForCacheSync()).toBe(true);
  await eventually(() => server.openWatches === 1, 'the watch');
  server.create(pod('watched', ''));
  await eventually(() => cached('watched') !== undefined, 'the watched pod');
  const deletions: unknown[] = [];
  informer.addEventHandler({ onDelete: (object) => deletions.push(object) });
  server.delete({ apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'listed' });
  await eventually(() => deletions.length === 1, 'the deletion');
  expect(cached('watched')).toBeInstanceOf(PodModel);
  expect(deletions[0]).toBeInstanceOf(PodModel);
  expect(decoded).toEqual(['listed', 'watched', 'listed']);
  expect(errors).toEqual([]);
});

test('a decode that throws on a listed item is a DecodeError; the informer syncs once it decodes', async () => {
  server.create(pod('good', ''));
  server.create(pod('bad', ''));
  const failure = new Error('no model for this pod');
  let broken = true;
  // List-then-watch: the items are decoded from a list answer.
  start((raw) => {
    if (broken && (raw as TestPod).metadata.name === 'bad') throw failure;
    return new PodModel(raw as TestPod);
  }, false);
  await eventually(() => errors.length >= 2, 'the failed lists');
  expect(informer.hasSynced()).toBe(false);
  expect(errors[0]).toBeInstanceOf(DecodeError);
  expect(errors[0]).toMatchObject({ kind: 'decode', verb: 'list', cause: failure });
  expect(errors[0]?.message).toMatch(/no model for this pod/);
  broken = false;
  expect(await informer.waitForCacheSync()).toBe(true);
  expect(cached('bad')).toBeInstanceOf(PodModel);
  expect(cached('good')).toBeInstanceOf(PodModel);
});

test('a decode that throws on a watched object is a DecodeError; nothing is lost once it decodes', async () => {
  const failure = new Error('no model for this pod');
  let broken = false;
  start((raw) => {
    if (broken && (raw as TestPod).metadata.name === 'bad') throw failure;
    return new PodModel(raw as TestPod);
  });
  expect(await informer.waitForCacheSync()).toBe(true);
  await eventually(() => server.openWatches === 1, 'the watch');
  broken = true;
  server.create(pod('bad', ''));
  await eventually(() => errors.length >= 1, 'the failed watch');
  expect(errors[0]).toBeInstanceOf(DecodeError);
  expect(errors[0]).toMatchObject({ kind: 'decode', verb: 'watch', cause: failure });
  broken = false;
  server.create(pod('after', ''));
  await eventually(() => cached('bad') !== undefined && cached('after') !== undefined, 'both pods');
  expect(cached('bad')).toBeInstanceOf(PodModel);
  expect(informer.isStopped()).toBe(false);
});
