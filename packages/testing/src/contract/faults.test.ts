import { FakeApiServer } from '../fakeApiServer.js';
import { eventually } from '@rxkube/devkit';
import { pod, RawClient } from './rawClient.testing.js';

let server: FakeApiServer;
let client: RawClient;
beforeEach(async () => {
  server = await FakeApiServer.start({ seed: 42 });
  client = new RawClient(server);
});
afterEach(() => server.stop());

const watchPath = () => `/api/v1/pods?watch=1&resourceVersion=${server.resourceVersion}`;

test('a request fault answers the next list with 429 and Retry-After, then serves normally', async () => {
  server.faults.failRequests({ code: 429, retryAfterSeconds: 2, verb: 'list' });
  const watch = await client.get(
    `/api/v1/pods?watch=1&timeoutSeconds=1&resourceVersion=${server.resourceVersion}`,
  );
  expect(watch.status).toBe(200);
  const refused = await client.get('/api/v1/pods');
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBe('2');
  expect(refused.body).toMatchObject({
    reason: 'TooManyRequests',
    details: { retryAfterSeconds: 2 },
  });
  expect((await client.get('/api/v1/pods')).status).toBe(200);
  expect(server.faults.count('errorResponse')).toBe(1);
});

test.each([500, 503] as const)(
  'a request fault answers a watch with %i before the stream',
  async (code) => {
    server.faults.failRequests({ code, verb: 'watch', resource: 'pods', times: 2 });
    expect((await client.get(watchPath())).status).toBe(code);
    expect((await client.get(watchPath())).status).toBe(code);
    expect(server.faults.count('errorResponse')).toBe(2);
  },
);

test.each([
  [400, 'BadRequest'],
  [403, 'Forbidden'],
] as const)(
  'a %i request fault refuses a streaming list with a %s Status',
  async (code, reason) => {
    server.faults.failRequests({ code, verb: 'watch' });
    const streamingList =
      '/api/v1/pods?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true';
    const refused = await client.get(streamingList);
    expect(refused.status).toBe(code);
    expect(refused.body).toMatchObject({ kind: 'Status', status: 'Failure', reason, code });
    expect(server.faults.count('errorResponse')).toBe(1);
  },
);

test('a 410 request fault answers a list as kube-apiserver answers a compacted version', async () => {
  server.faults.failRequests({ code: 410, verb: 'list' });
  const res = await client.get('/api/v1/pods?resourceVersion=3&resourceVersionMatch=Exact');
  expect(res.status).toBe(410);
  expect(res.body).toMatchObject({
    reason: 'Expired',
    message: 'The resourceVersion for the provided list is too old.',
  });
});

test('a 504 request fault answers a list as a watch cache behind the requested version', async () => {
  server.faults.failRequests({ code: 504, verb: 'list' });
  const res = await client.get(`/api/v1/pods?resourceVersion=${server.resourceVersion}`);
  expect(res.status).toBe(504);
  expect(res.headers.get('retry-after')).toBe('1');
  expect(res.body).toMatchObject({
    reason: 'Timeout',
    details: { causes: [{ reason: 'ResourceVersionTooLarge' }] },
  });
  expect(res.body.message).toContain(`Too large resource version: ${server.resourceVersion}`);
});

test('closeWatchAfter ends the stream cleanly after N events', async () => {
  server.faults.closeWatchAfter(2);
  const w = await client.watch(watchPath());
  for (const name of ['a', 'b', 'c']) server.create(pod('t', name));
  expect(await w.ended).toBe('eof');
  expect(w.events().map((e) => e.object.metadata.name)).toEqual(['a', 'b']);
  expect(server.faults.count('closeWatch')).toBe(1);
});

test('resetWatchAfter cuts the connection in the middle of a line', async () => {
  server.faults.resetWatchAfter(1);
  const w = await client.watch(watchPath());
  server.create(pod('t', 'a'));
  server.create(pod('t', 'b'));
  expect(await w.ended).toBe('error');
  expect(w.events().map((e) => e.object.metadata.name)).toEqual(['a']);
  expect(server.faults.count('resetConnection')).toBe(1);
});

test('malformedLineAfter writes one line of invalid JSON and carries on', async () => {
  server.faults.malformedLineAfter(1);
  const w = await client.watch(watchPath());
  server.create(pod('t', 'a'));
  server.create(pod('t', 'b'));
  const lines = await w.take(3);
  expect(lines[1]).toHaveProperty('malformed');
  expect(w.events().map((e) => e.object.metadata.name)).toEqual(['a', 'b']);
  expect(server.faults.count('malformedLine')).toBe(1);
  w.close();
});

test('injectWatchLineAfter writes its line as it is before the next event and carries on', async () => {
  const line = '{"type":"ERROR","object":{"kind":"Status","code":500,"message":{"text":"x"}}}';
  server.faults.injectWatchLineAfter(1, line);
  const w = await client.watch(watchPath());
  server.create(pod('t', 'a'));
  server.create(pod('t', 'b'));
  const lines = await w.take(3);
  expect(lines[1]).toEqual(JSON.parse(line));
  expect(server.faults.count('rawLine')).toBe(1);
  w.close();
});

test('answerRaw answers the next matching request with its body as it is', async () => {
  const body = '{"kind":"Status","code":500,"message":{"text":"x"}}';
  server.faults.answerRaw({ code: 500, body, verb: 'list' });
  const raw = await client.get('/api/v1/pods');
  expect(raw.status).toBe(500);
  expect(raw.body).toEqual(JSON.parse(body));
  expect((await client.get('/api/v1/pods')).status).toBe(200);
  expect(server.faults.count('rawResponse')).toBe(1);
});

test('stallWatchAfter keeps the connection open but sends nothing more, not even the close at the deadline', async () => {
  server.faults.stallWatchAfter(1);
  const w = await client.watch(
    `/api/v1/pods?watch=1&allowWatchBookmarks=1&timeoutSeconds=1&resourceVersion=${server.resourceVersion}`,
  );
  server.create(pod('t', 'a'));
  server.create(pod('t', 'b'));
  server.sendBookmarks();
  await eventually(() => server.faults.count('stallWatch') === 1);
  await w.take(1);
  expect(w.events().map((e) => e.object.metadata.name)).toEqual(['a']);
  expect(server.openWatches).toBe(1);
  w.close();
});

test('delayRequests holds a response back without changing it', async () => {
  server.faults.delayRequests({ ms: 30, verb: 'get' });
  server.create(pod('t', 'a'));
  const res = await client.get('/api/v1/namespaces/t/pods/a');
  expect(res.status).toBe(200);
  expect(server.faults.count('delayResponse')).toBe(1);
});

test('a delayed watch the client gave up on is not served once the delay ends', async () => {
  server.faults.delayRequests({ ms: 100, verb: 'watch' });
  const aborted = new AbortController();
  const watch = fetch(`${server.url}${watchPath()}`, {
    headers: { Authorization: `Bearer ${server.token}` },
    signal: aborted.signal,
  }).catch(() => undefined);
  await eventually(() => server.faults.count('delayResponse') === 1, 'the delayed request');
  aborted.abort();
  await watch;
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(server.openWatches).toBe(0);
});

test('random watch faults are deterministic for a seed and every one is counted', async () => {
  async function run(): Promise<Record<string, number>> {
    const s = await FakeApiServer.start({ seed: 99 });
    try {
      s.faults.randomWatchFaults({ probability: 0.2, kinds: ['malformedLine'] });
      const w = await new RawClient(s).watch(
        `/api/v1/pods?watch=1&resourceVersion=${s.resourceVersion}`,
      );
      for (let i = 0; i < 50; i += 1) s.create(pod('t', `p${i}`));
      await w.take(50 + s.faults.count('malformedLine'));
      w.close();
      expect(w.lines.filter((l) => 'malformed' in l)).toHaveLength(s.faults.count('malformedLine'));
      return s.faults.counts();
    } finally {
      await s.stop();
    }
  }
  const first = await run();
  expect(first['malformedLine']).toBeGreaterThan(0);
  expect(await run()).toEqual(first);
});

test('a fault aimed at writes fails a create and leaves lists and watches alone', async () => {
  server.faults.failRequests({ code: 500, verb: 'write', resource: 'pods' });
  expect((await client.get('/api/v1/pods')).status).toBe(200);
  const refused = await client.request('POST', '/api/v1/namespaces/a/pods', pod('a', 'x'));
  expect(refused.status).toBe(500);
  const created = await client.request('POST', '/api/v1/namespaces/a/pods', pod('a', 'x'));
  expect(created.status).toBe(201);
  expect(server.faults.count('errorResponse')).toBe(1);
});
