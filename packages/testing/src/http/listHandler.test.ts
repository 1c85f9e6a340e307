import { ResourceRegistry } from '../registry/resourceRegistry.js';
import type { ObjectFilter } from '../selectors/objectFilter.js';
import { parseFieldSelector } from '../selectors/fieldSelector.js';
import { parseLabelSelector } from '../selectors/labelSelector.js';
import type { ServerContext } from '../serverContext.js';
import { ObjectStore } from '../storage/objectStore.js';
import { decimalResourceVersions } from '../storage/resourceVersionFormat.js';
import { serveList } from './listHandler.js';
import { parseListWatchQuery } from './queryOptions.js';

const pods = new ResourceRegistry().lookup('', 'v1', 'pods')!;
let store: ObjectStore;
let ctx: ServerContext;
beforeEach(() => {
  store = new ObjectStore({
    historyLimit: 100,
    initialResourceVersion: 10,
    random: Math.random,
    now: () => new Date(0),
    resourceVersions: decimalResourceVersions,
  });
  for (const name of ['a', 'b', 'c']) {
    store.create(pods, { metadata: { name, namespace: 'ns', labels: { app: name } } });
  }
  // serveList reads only the store and, for future resourceVersions, these two.
  ctx = {
    store,
    options: { tooLargeResourceVersionWaitMs: 0 },
    shutdown: new AbortController().signal,
  } as unknown as ServerContext;
});

const filter = (labelSelector = ''): ObjectFilter => ({
  namespace: undefined,
  labels: parseLabelSelector(labelSelector),
  fields: parseFieldSelector('', pods),
});
const list = (query: string, labelSelector = ''): Promise<Buffer> =>
  serveList(
    ctx,
    pods,
    filter(labelSelector),
    parseListWatchQuery(new URLSearchParams(query), false, false),
  );
const names = (body: Buffer): string[] =>
  (JSON.parse(body.toString()) as { items: Array<{ metadata: { name: string } }> }).items.map(
    (item) => item.metadata.name,
  );

test('the same list at an unchanged state is answered with the body already built', async () => {
  const first = await list('resourceVersion=0&limit=500');
  // "Any" with a limit and the latest state are the same list of the same snapshot.
  expect(await list('')).toBe(first);
  expect(await list('resourceVersion=0')).toBe(first);
  expect(names(first)).toEqual(['a', 'b', 'c']);
});

test('a write, another filter or another page gets a body of its own', async () => {
  const first = await list('');
  const selected = await list('', 'app=b');
  expect(selected).not.toBe(first);
  expect(names(selected)).toEqual(['b']);
  const page = await list('limit=2');
  expect(names(page)).toEqual(['a', 'b']);
  const token = (JSON.parse(page.toString()) as { metadata: { continue: string } }).metadata
    .continue;
  expect(names(await list(`limit=2&continue=${token}`))).toEqual(['c']);

  store.create(pods, { metadata: { name: 'd', namespace: 'ns' } });
  const after = await list('');
  expect(after).not.toBe(first);
  expect(names(after)).toEqual(['a', 'b', 'c', 'd']);
  // The body of the earlier state is unchanged: bodies are shared, never modified.
  expect(names(first)).toEqual(['a', 'b', 'c']);
});
