import { jest } from '@jest/globals';
import type { HandlerError, ObjectError } from '@rxkube/informer/errors';
import type { KubeObject } from '@rxkube/store';
import { startInformer, type InformerUnderTest } from './informerUnderTest.testing.js';
import { event, pod, podList, ScriptedServer } from './scriptedServer.testing.js';

jest.setTimeout(30_000);

// Faulty user code: handlers, transforms and index functions that throw. Each failure is a
// typed error naming what failed; everything else goes on.
let server: ScriptedServer;
let under: InformerUnderTest | undefined;
beforeEach(async () => {
  server = await ScriptedServer.start();
  server
    .list(podList('10', [pod('p1', '1'), pod('bad', '2'), pod('p3', '3')]))
    .watch({ lines: [event('MODIFIED', pod('bad', '11')), event('ADDED', pod('p4', '12'))] });
});
afterEach(async () => {
  under?.informer.stop();
  under = undefined;
  await server.stop();
});

const nameOf = (obj: unknown): string | undefined => (obj as KubeObject).metadata?.name;

test('a handler that throws or rejects is reported with its name and keeps its next events', async () => {
  under = startInformer(server);
  const got: string[] = [];
  under.informer.addEventHandler(
    {
      onAdd: (obj) => {
        got.push(`add ${nameOf(obj)}`);
        if (nameOf(obj) === 'bad') throw new Error('boom on add');
      },
      onUpdate: async (_, obj) => {
        got.push(`update ${nameOf(obj)}`);
        throw new Error('rejected update');
      },
    },
    { name: 'faulty' },
  );
  await under.until(() => got.length === 5 && under!.log.events.length === 5, 'every event');
  expect(got).toEqual(['add p1', 'add bad', 'add p3', 'update bad', 'add p4']);
  const failures = under.errors.filter((e): e is HandlerError => e.kind === 'handler');
  expect(failures.map((e) => [e.handler, e.event])).toEqual([
    ['faulty', 'add'],
    ['faulty', 'update'],
  ]);
  expect(failures[0]!.message).toBe('pods: handler faulty failed on add: boom on add');
  expect(failures[1]!.message).toBe('pods: handler faulty failed on update: rejected update');
  expect(under.informer.metrics().handlers.find((h) => h.name === 'faulty')?.failed).toBe(2);
});

test('a transform that throws skips only the objects it fails on, with an ObjectError', async () => {
  let failOn = 'bad';
  under = startInformer(server, {
    transform: (obj) => {
      if (nameOf(obj) === failOn) throw new Error(`cannot transform ${failOn}`);
      return obj;
    },
  });
  await under.until(() => under!.cache().includes('a/p4@12'), 'the later events');
  expect(under.cache()).toEqual(['a/p1@1', 'a/p3@3', 'a/p4@12']);
  const skipped = under.errors.filter((e): e is ObjectError => e.kind === 'object');
  expect(skipped.map((e) => e.stage)).toEqual(['transform', 'transform']);
  expect(skipped[0]!.message).toBe('pods: object a/bad skipped at transform: cannot transform bad');
  expect(skipped[0]!.key).toBe('a/bad');
  failOn = 'nothing';
});

test('an index function that throws for some objects leaves them out and the indices consistent', async () => {
  under = startInformer(server, {
    indexers: {
      byApp: (obj) => {
        if (nameOf(obj) === 'bad') throw new Error('no app label');
        return [nameOf(obj) ?? ''];
      },
    },
  });
  await under.until(() => under!.cache().includes('a/p4@12'), 'the later events');
  const cached = under.cache();
  expect(cached).toEqual(['a/p1@1', 'a/p3@3', 'a/p4@12']);
  const indexer = under.informer.getIndexer();
  for (const name of ['p1', 'p3', 'p4']) {
    expect(indexer.byIndex('byApp', name).map(nameOf)).toEqual([name]);
  }
  const skipped = under.errors.filter((e): e is ObjectError => e.kind === 'object');
  expect(skipped.length).toBeGreaterThanOrEqual(2);
  expect(skipped.every((e) => e.stage === 'cache')).toBe(true);
  expect(skipped[0]!.message).toMatch(/^pods: object a\/bad skipped at cache: .*no app label/);
  // Handlers never saw the object the cache refused.
  expect(under.log.events.map((e) => e.key)).not.toContain('a/bad');
});
