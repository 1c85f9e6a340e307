import { eventually } from '@rxkube/devkit';
import { FakeApiServer } from '@rxkube/testing';
import type { KubeObject } from '@rxkube/store';
import { listerWatcher } from './clientNode/clientNodeListerWatcher.js';
import { ApiError, DecodeError, type InformerError } from './errors.js';
import type { Logger } from './logger.js';
import { SharedIndexInformer } from './sharedIndexInformer.js';
import { pod } from './testSupport/pods.testing.js';
import { stopWhenSocketsClosed } from './testSupport/stopWhenSocketsClosed.testing.js';

// setWatchErrorHandler over real HTTP: the fake API server injects the fault, the handler is
// told of it, and the informer carries on.

let server: FakeApiServer;
let informer: SharedIndexInformer<KubeObject>;
let warnings: string[];

/** A logger that records warnings, to see whether the handler replaced them. */
const recording: Logger = {
  debug: () => {},
  info: () => {},
  warn: (message) => warnings.push(message),
  error: () => {},
};

beforeEach(async () => {
  server = await FakeApiServer.start({ seed: 5 });
  warnings = [];
  informer = new SharedIndexInformer(
    listerWatcher(server.kubeConfig(), { version: 'v1', plural: 'pods' }),
    { logger: recording, reflector: { backoff: { initialMs: 5, maxMs: 50 } } },
  );
});
afterEach(async () => {
  informer.stop();
  await stopWhenSocketsClosed(server);
});

/** Waits for the watch, creates a pod and waits for it in the cache. */
async function followsChanges(name: string): Promise<void> {
  await eventually(() => server.openWatches === 1, 'the watch');
  server.create(pod(name, ''));
  await eventually(() => informer.getIndexer().getByKey(`default/${name}`) !== undefined, name);
}

test('the handler receives a failed watch instead of the log; errors$ has it too', async () => {
  const handled: InformerError[] = [];
  const published: InformerError[] = [];
  informer.setWatchErrorHandler((error) => handled.push(error));
  informer.errors$.subscribe((error) => published.push(error));
  server.faults.failRequests({ code: 500, verb: 'watch', resource: 'pods' });
  informer.start();
  expect(await informer.waitForCacheSync()).toBe(true);
  await followsChanges('after-the-fault');
  expect(server.faults.count('errorResponse')).toBe(1);
  expect(handled).toHaveLength(1);
  expect(handled[0]).toBeInstanceOf(ApiError);
  expect(handled[0]).toMatchObject({ code: 500, verb: 'watch' });
  expect(published).toEqual(handled);
  expect(warnings).toEqual([]);
});

test('an undecodable watch event reaches the handler as a DecodeError', async () => {
  const handled: InformerError[] = [];
  informer.setWatchErrorHandler((error) => handled.push(error));
  server.create(pod('a', ''));
  server.faults.malformedLineAfter(0, { resource: 'pods' });
  informer.start();
  await followsChanges('b');
  expect(server.faults.count('malformedLine')).toBe(1);
  expect(handled.map((error) => error.constructor)).toEqual([DecodeError]);
  expect(warnings).toEqual([]);
});

test('a handler that throws disturbs nothing: the informer recovers and keeps following', async () => {
  let calls = 0;
  informer.setWatchErrorHandler(() => {
    calls++;
    throw new Error('handler bug');
  });
  server.faults.failRequests({ code: 503, verb: 'watch', resource: 'pods', times: 2 });
  informer.start();
  await followsChanges('x');
  expect(calls).toBe(2);
  expect(informer.metrics().errors).toEqual({ api: 2 });
});

test('without a handler the failure is logged; a handler cannot be set once started', async () => {
  server.faults.failRequests({ code: 500, verb: 'watch', resource: 'pods' });
  informer.start();
  await followsChanges('logged');
  expect(warnings).toEqual([expect.stringMatching(/watch/)]);
  expect(() => informer.setWatchErrorHandler(() => {})).toThrow(/before the informer starts/);
});
