import { FakeApiServer } from '../fakeApiServer.js';
import {
  descendingResourceVersions,
  opaqueResourceVersions,
  type ResourceVersionFormat,
} from '../storage/resourceVersionFormat.js';
import { pod, RawClient } from './rawClient.testing.js';

let server: FakeApiServer | undefined;
afterEach(() => server?.stop());

const ref = (name: string) => ({ apiVersion: 'v1', kind: 'Pod', namespace: 'test', name });

test.each<[string, ResourceVersionFormat, RegExp]>([
  ['descending', descendingResourceVersions, /^99999\d+$/],
  ['opaque', opaqueResourceVersions, /^rv-[0-9a-z]+$/],
])(
  'with %s resourceVersions, objects, lists, watches and bookmarks speak the same versions',
  async (_, resourceVersions, shape) => {
    server = await FakeApiServer.start({ resourceVersions });
    const client = new RawClient(server);
    const a = server.create(pod('test', 'a'));
    const listed = await client.request('GET', '/api/v1/namespaces/test/pods');
    const listVersion = listed.body.metadata.resourceVersion as string;
    expect(listVersion).toMatch(shape);
    expect(listVersion).toBe(server.resourceVersion);
    expect(a.metadata.resourceVersion).toBe(listVersion);
    // A watch resumes from a version the server handed out and replays what followed it.
    const b = server.create(pod('test', 'b'));
    const w = await client.watch(
      `/api/v1/namespaces/test/pods?watch=1&allowWatchBookmarks=true&resourceVersion=${listVersion}`,
    );
    const modified = server.patch(ref('a'), (p) => {
      p.metadata.labels = { v: '2' };
    });
    server.sendBookmarks();
    const lines = await w.take(3);
    expect(
      lines.map((l) => ('type' in l ? [l.type, l.object.metadata.resourceVersion] : l)),
    ).toEqual([
      ['ADDED', b.metadata.resourceVersion],
      ['MODIFIED', modified.metadata.resourceVersion],
      ['BOOKMARK', server.resourceVersion],
    ]);
    w.close();
    // A version the format cannot have produced is a 500, as kube-apiserver answers.
    const bad = await client.request('GET', '/api/v1/namespaces/test/pods?resourceVersion=x!');
    expect(bad.status).toBe(500);
  },
);

test('descending versions go down with every write, so a numeric comparison calls each newer', async () => {
  server = await FakeApiServer.start({ resourceVersions: descendingResourceVersions });
  const first = server.create(pod('test', 'a'));
  const second = server.patch(ref('a'), (p) => {
    p.metadata.labels = { v: '2' };
  });
  expect(Number(second.metadata.resourceVersion)).toBeLessThan(
    Number(first.metadata.resourceVersion),
  );
});
