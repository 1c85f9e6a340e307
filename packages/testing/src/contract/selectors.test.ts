import { FakeApiServer } from '../fakeApiServer.js';
import { pod, RawClient } from './rawClient.testing.js';

let server: FakeApiServer;
let client: RawClient;
beforeAll(async () => {
  server = await FakeApiServer.start();
  client = new RawClient(server);
  server.create(
    pod('ns', 'web-1', {
      labels: { app: 'web', tier: 'fe', rank: '5' },
      nodeName: 'n1',
      phase: 'Running',
    }),
  );
  server.create(
    pod('ns', 'web-2', { labels: { app: 'web', tier: 'be', rank: '2' }, nodeName: 'n2' }),
  );
  server.create(pod('ns', 'db', { labels: { app: 'db' }, nodeName: 'n1', phase: 'Running' }));
  server.create(pod('ns', 'bare'));
});
afterAll(() => server.stop());

async function select(query: string): Promise<string[]> {
  const res = await client.get(`/api/v1/namespaces/ns/pods?${query}`);
  expect(res.status).toBe(200);
  return res.body.items.map((i: { metadata: { name: string } }) => i.metadata.name);
}

test.each([
  ['app=web', ['web-1', 'web-2']],
  ['app==web', ['web-1', 'web-2']],
  ['app!=web', ['bare', 'db']],
  ['app=web,tier=fe', ['web-1']],
  ['tier in (fe,be)', ['web-1', 'web-2']],
  ['tier notin (fe)', ['bare', 'db', 'web-2']],
  ['tier', ['web-1', 'web-2']],
  ['!tier', ['bare', 'db']],
  ['rank>3', ['web-1']],
  ['rank<3', ['web-2']],
  ['', ['bare', 'db', 'web-1', 'web-2']],
])('§2.4 labelSelector %j matches %j', async (selector, expected) => {
  expect(await select(`labelSelector=${encodeURIComponent(selector)}`)).toEqual(expected);
});

test.each([
  ['metadata.name=db', ['db']],
  ['metadata.name!=db', ['bare', 'web-1', 'web-2']],
  ['metadata.namespace==ns,spec.nodeName=n1', ['db', 'web-1']],
  ['status.phase=Running', ['db', 'web-1']],
  ['spec.hostNetwork=false', ['bare', 'db', 'web-1', 'web-2']],
])('§2.4 fieldSelector %j matches %j', async (selector, expected) => {
  expect(await select(`fieldSelector=${encodeURIComponent(selector)}`)).toEqual(expected);
});

test('§2.4 an unsupported field label is 400 "field label not supported"', async () => {
  const res = await client.get('/api/v1/namespaces/ns/pods?fieldSelector=spec.foo%3Dx');
  expect(res.status).toBe(400);
  expect(res.body.message).toBe('field label not supported: spec.foo');
});

test.each(['app in (a', 'a=b=c', '!', 'rank>x'])(
  '§1 an unparsable labelSelector %j is 400 BadRequest',
  async (selector) => {
    const res = await client.get(
      `/api/v1/namespaces/ns/pods?labelSelector=${encodeURIComponent(selector)}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('BadRequest');
  },
);

test('§2.3 with selectors a paged list hides remainingItemCount', async () => {
  const res = await client.get('/api/v1/namespaces/ns/pods?limit=1&labelSelector=app%3Dweb');
  expect(res.body.items).toHaveLength(1);
  expect(res.body.metadata.continue).toBeTruthy();
  expect(res.body.metadata.remainingItemCount).toBeUndefined();
});
