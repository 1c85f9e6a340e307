import { jest } from '@jest/globals';
import type { ApiError, DecodeError, ObjectError } from '@rxkube/informer/errors';
import { ListStreamError, TooLargeError } from '@rxkube/informer/errors';
import { startInformer, type InformerUnderTest } from './informerUnderTest.testing.js';
import { event, pod, podList, ScriptedServer } from './scriptedServer.testing.js';

jest.setTimeout(30_000);

// Input no API server should send. Each case: a typed error with a useful message, and the
// informer carrying on with nothing lost.
let server: ScriptedServer;
let under: InformerUnderTest | undefined;
beforeEach(async () => {
  server = await ScriptedServer.start();
});
afterEach(async () => {
  under?.informer.stop();
  under = undefined;
  await server.stop();
});

test('objects without metadata or without a name are skipped with an ObjectError; the rest is cached', async () => {
  server
    .list(podList('10', [{ kind: 'Pod' }, pod('ok-1', '3'), { metadata: { namespace: 'a' } }]))
    .watch({
      lines: [event('ADDED', { kind: 'Pod', metadata: {} }), event('ADDED', pod('ok-2', '11'))],
    });
  under = startInformer(server);
  await under.until(() => under!.cache().length === 2, 'the well-formed pods');
  expect(under.cache()).toEqual(['a/ok-1@3', 'a/ok-2@11']);
  const skipped = under.errors.filter((e): e is ObjectError => e.kind === 'object');
  expect(skipped).toHaveLength(3);
  expect(skipped.every((e) => e.stage === 'key')).toBe(true);
  expect(skipped[0]!.message).toMatch(/pods: object skipped at key: .*(metadata|name)/);
});

test('a watch event of an unknown type is a DecodeError, and a relist recovers what it hid', async () => {
  server
    .list(podList('10', [pod('p', '5')]), podList('13', [pod('p', '12'), pod('q', '13')]))
    .watch({ lines: [event('PATCHED', pod('p', '12'))] });
  under = startInformer(server);
  await under.until(() => under!.cache().join() === 'a/p@12,a/q@13', 'the relist');
  const decode = under.errors.find((e): e is DecodeError => e.kind === 'decode');
  expect(decode?.message).toMatch(/watch pods: undecodable answer \(unknown event type PATCHED\)/);
  expect(decode?.text).toContain('"PATCHED"');
});

test('an HTML 502 page from a proxy is an ApiError 502 quoting the page; the list is retried', async () => {
  const html = '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>';
  server.list(
    { status: 502, contentType: 'text/html', body: html },
    podList('10', [pod('p', '5')]),
  );
  under = startInformer(server);
  await under.until(() => under!.cache().length === 1, 'the retried list');
  const error = under.errors[0] as ApiError;
  expect(error.kind).toBe('api');
  expect(error.code).toBe(502);
  expect(error.message).toMatch(/^list pods: 502 .*502 Bad Gateway/);
});

test('an HTML page with status 200 is a DecodeError naming invalid JSON; the list is retried', async () => {
  server.list(
    { status: 200, contentType: 'text/html', body: '<html>maintenance</html>' },
    podList('10', [pod('p', '5')]),
  );
  under = startInformer(server);
  await under.until(() => under!.cache().length === 1, 'the retried list');
  expect(under.errors[0]?.kind).toBe('decode');
  expect(under.errors[0]?.message).toMatch(
    /list pods: undecodable answer \(invalid JSON\): <html>maintenance/,
  );
});

test('a list of another kind is a DecodeError and is not cached; the next good list is', async () => {
  const configMap = {
    kind: 'ConfigMap',
    apiVersion: 'v1',
    metadata: { name: 'cm', namespace: 'a', resourceVersion: '4' },
  };
  // The first watch ends at once, so the informer relists: first another kind, then pods.
  server
    .list(
      podList('10', [pod('p', '5')]),
      podList('12', [configMap], 'ConfigMapList'),
      podList('14', [pod('p', '13')]),
    )
    .watch({ lines: [], end: 'close' });
  under = startInformer(server);
  await under.until(() => under!.cache().join() === 'a/p@13', 'the good relist');
  const decode = under.errors.find((e) => e.kind === 'decode');
  expect(decode?.message).toMatch(
    /list pods: undecodable answer \(kind ConfigMapList, expected PodList\)/,
  );
  expect(under.log.events.map((e) => e.key)).not.toContain('a/cm');
});

test('a 10 MB object is listed, watched and cached whole', async () => {
  const big = 'x'.repeat(10 * 2 ** 20);
  server.list(podList('10', [pod('big', '5', { data: big }), pod('small', '6')])).watch({
    lines: [
      event('MODIFIED', pod('big', '11', { data: `${big}!` })),
      event('ADDED', pod('after', '12')),
    ],
  });
  under = startInformer(server);
  await under.until(() => under!.cache().length === 3, 'the events after the big one');
  expect(under.cache()).toEqual(['a/after@12', 'a/big@11', 'a/small@6']);
  const cached = under.informer.getIndexer().getByKey('a/big') as { data?: string };
  expect(cached.data).toHaveLength(big.length + 1);
  expect(under.errors).toEqual([]);
});

test('a duplicate ADDED for a cached key is delivered as an update, never as a second add', async () => {
  server.list(podList('10', [pod('p', '5')])).watch({
    lines: [
      event('ADDED', pod('p', '11')),
      event('ADDED', pod('q', '12')),
      event('ADDED', pod('q', '12')),
    ],
  });
  under = startInformer(server);
  await under.until(() => under!.log.events.length >= 3, 'the events');
  expect(under.log.events.map((e) => `${e.type} ${e.key}@${e.rv}`)).toEqual([
    'add a/p@5',
    'update a/p@11',
    'add a/q@12',
  ]);
  expect(under.cache()).toEqual(['a/p@11', 'a/q@12']);
});

test('an event whose version is lower than the cached one is applied: versions are opaque', async () => {
  server
    .list(podList('10', [pod('p', '9')]))
    .watch({ lines: [event('MODIFIED', pod('p', '3')), event('MODIFIED', pod('p', 'x14'))] });
  under = startInformer(server);
  await under.until(() => under!.cache().join() === 'a/p@x14', 'the last event');
  expect(under.log.events.map((e) => e.rv)).toEqual(['9', '3', 'x14']);
  expect(under.errors).toEqual([]);
});

test('a chunked list cut off mid-body is a ListStreamError (kind stream), retried like a dropped connection', async () => {
  const list = podList('10', [pod('p', '5'), pod('q', '6')]);
  server.list({ ...list, cutAfter: list.body.length / 2 }, list);
  under = startInformer(server);
  await under.until(() => under!.cache().length === 2, 'the retried list');
  expect(under.cache()).toEqual(['a/p@5', 'a/q@6']);
  expect(under.errors.map((e) => e.kind)).toEqual(['stream']);
  expect(under.errors[0]).toBeInstanceOf(ListStreamError);
  expect(under.errors[0]!.message).toMatch(/^list pods: answer broke off: /);
});

test('a Retry-After of 3,000,000 s is waited (capped), not retried in a hot loop', async () => {
  server.list({
    status: 429,
    headers: { 'Retry-After': '3000000' },
    body: JSON.stringify({ kind: 'Status', code: 429, reason: 'TooManyRequests' }),
  });
  // The default backoff, so that the wait comes from Retry-After.
  under = startInformer(server, { reflector: { idleTimeoutMs: 0, streamingList: false } });
  await under.until(() => under!.errors.length > 0, 'the 429');
  // A timer given the 3,000,000 s unguarded fires after 1 ms: hundreds of lists by now.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(server.requests).toHaveLength(1);
  expect((under.errors[0] as ApiError).retryAfterSeconds).toBe(3_000_000);
});

test('a watch line that never ends is cut at maxEventBytes with a TooLargeError; a relist recovers', async () => {
  server
    .list(podList('10', [pod('p', '5')]), podList('12', [pod('p', '11'), pod('q', '12')]))
    .watch(
      { lines: [event('ADDED', pod('r', '11'))], endlessLine: 16 * 2 ** 20 },
      { lines: [event('ADDED', pod('s', '13'))] },
    );
  under = startInformer(server, {}, { maxEventBytes: 256 * 1024 });
  await under.until(() => under!.cache().includes('a/s@13'), 'the watch after the relist');
  expect(under.cache()).toEqual(['a/p@11', 'a/q@12', 'a/s@13']);
  expect(under.errors.map((e) => e.kind)).toEqual(['tooLarge']);
  const error = under.errors[0] as TooLargeError;
  expect(error).toBeInstanceOf(TooLargeError);
  expect(error.limitBytes).toBe(256 * 1024);
  expect(error.message).toBe('watch pods: event larger than 262144 bytes, watch ended');
  expect(under.informer.metrics().errors.tooLarge).toBe(1);
  expect(server.requests.filter((r) => r.startsWith('list'))).toHaveLength(2);
});

test('a list answer over maxListBytes is a TooLargeError and is retried', async () => {
  const big = podList('10', [pod('p', '5', { data: 'x'.repeat(100_000) })]);
  server.list(big, podList('11', [pod('p', '6')]));
  under = startInformer(server, {}, { maxListBytes: 50_000 });
  await under.until(() => under!.cache().length === 1, 'the small list');
  expect(under.cache()).toEqual(['a/p@6']);
  expect(under.errors.map((e) => e.message)).toEqual([
    'list pods: answer larger than 50000 bytes, list abandoned',
  ]);
});

test('by default a 401 forever is written to the console once, and never the token', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    server.list({
      status: 401,
      body: JSON.stringify({
        kind: 'Status',
        code: 401,
        reason: 'Unauthorized',
        message: 'Unauthorized',
      }),
    });
    under = startInformer(server, { logger: undefined });
    await under.until(() => under!.errors.length >= 5, 'repeated 401s');
    const written = warn.mock.calls.map((call) => String(call[0]));
    expect(written).toEqual(['rxkube: list pods: 401 Unauthorized: Unauthorized']);
    expect(written.join('\n')).not.toContain('scripted-token');
  } finally {
    warn.mockRestore();
  }
});
