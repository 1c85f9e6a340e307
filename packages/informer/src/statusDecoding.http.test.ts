import { jest } from '@jest/globals';
import { eventually } from '@rxkube/devkit';
import type { KubeObject } from '@rxkube/store';
import { FakeApiServer, loadPods } from '@rxkube/testing';
import { listerWatcher } from './clientNode/clientNodeListerWatcher.js';
import { ApiError, DecodeError, type InformerError } from './errors.js';
import { fetchListerWatcher } from './fetch/fetchListerWatcher.js';
import type { ListerWatcher } from './listerWatcher.js';
import { silentLogger } from './logger.js';
import { SharedIndexInformer } from './sharedIndexInformer.js';
import { cacheState, serverPodState } from './testSupport/cacheState.testing.js';
import { stopWhenSocketsClosed } from './testSupport/stopWhenSocketsClosed.testing.js';

// A Status whose fields have the wrong JSON types, from a watch ERROR event or an error answer,
// over real HTTP and both transports: it is a typed error, the informer retries, the process
// lives, and the cache ends equal to the server's.
jest.setTimeout(30_000);

const badStatus = '{"kind":"Status","code":500,"message":{"text":"x"},"reason":["r"]}';
const badErrorEvent = `{"type":"ERROR","object":${badStatus}}`;

let server: FakeApiServer;
let informer: SharedIndexInformer<KubeObject> | undefined;
let errors: InformerError[];

beforeEach(async () => {
  server = await FakeApiServer.start({ seed: 33 });
  errors = [];
});
afterEach(async () => {
  informer?.stop();
  informer = undefined;
  await stopWhenSocketsClosed(server);
});

const pods = { version: 'v1', plural: 'pods' };
const transports: Array<[string, () => ListerWatcher<KubeObject>]> = [
  ['client-node', () => listerWatcher<KubeObject>(server.kubeConfig(), pods)],
  [
    'fetch',
    () =>
      fetchListerWatcher<KubeObject>(server.url, pods, {
        headers: { Authorization: `Bearer ${server.token}` },
      }),
  ],
];

function start(lw: ListerWatcher<KubeObject>, streamingList: boolean): void {
  informer = new SharedIndexInformer(lw, {
    reflector: { backoff: { initialMs: 5, maxMs: 50 }, streamingList },
    logger: silentLogger,
  });
  informer.errors$.subscribe((err) => errors.push(err));
  informer.start();
}

const inSync = (): boolean =>
  JSON.stringify(cacheState(informer?.getIndexer().list() ?? [])) ===
  JSON.stringify(serverPodState(server));

describe.each(transports)('over %s', (_name, lwOf) => {
  test('a watch ERROR event whose Status has fields of the wrong type is a DecodeError; the informer relists and converges', async () => {
    loadPods(server, { count: 5, namespaces: ['a'] });
    // Armed for the watch that follows the list; written before its first event.
    server.faults.injectWatchLineAfter(0, badErrorEvent);
    start(lwOf(), false);
    expect(await informer!.waitForCacheSync()).toBe(true);
    await eventually(() => server.openWatches === 1, 'the watch');
    loadPods(server, { count: 3, namespaces: ['b'] });
    await eventually(() => server.faults.count('rawLine') === 1, 'the bad event');
    await eventually(inSync, 'the cache to converge');
    const decodeErrors = errors.filter((err) => err instanceof DecodeError);
    expect(decodeErrors).toHaveLength(1);
    expect(decodeErrors[0]!.message).toContain('ERROR event: message is object, not string');
    expect(informer!.getIndexer().size).toBe(8);
  });

  test('a list answer whose error Status has fields of the wrong type is an ApiError quoting it; the list is retried', async () => {
    loadPods(server, { count: 5, namespaces: ['a'] });
    server.faults.answerRaw({ code: 500, body: badStatus, verb: 'list' });
    start(lwOf(), false);
    expect(await informer!.waitForCacheSync()).toBe(true);
    expect(server.faults.count('rawResponse')).toBe(1);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(ApiError);
    expect(errors[0]).toMatchObject({ code: 500, reason: '', verb: 'list' });
    expect(errors[0]!.message).toContain('undecodable Status (message is object, not string)');
    await eventually(inSync, 'the cache to converge');
  });

  test('a streaming list refused with such a Status falls back to a list', async () => {
    loadPods(server, { count: 4, namespaces: ['a'] });
    server.faults.answerRaw({ code: 500, body: badStatus, verb: 'watch' });
    start(lwOf(), true);
    expect(await informer!.waitForCacheSync()).toBe(true);
    expect(server.faults.count('rawResponse')).toBe(1);
    expect(errors.map((err) => err.kind)).toEqual(['api']);
    await eventually(inSync, 'the cache to converge');
  });
});
