import { get } from 'node:http';
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { Dataset } from './dataset.js';
import { relistFirstPages, syncFirstPages } from './plan.js';

let dataset: Dataset;
beforeEach(async () => {
  dataset = await Dataset.create({ name: 'alike', pods: 40, namespaces: 4 }, 3);
});
afterEach(async () => {
  await dataset.stop();
});

/** A GET of `path` on `base`, with the server's token: the body's text. */
function body(base: string, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const headers = { authorization: `Bearer ${dataset.server.token}` };
    get(new URL(path, base), { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(Buffer.concat(chunks).toString()));
      res.on('error', reject);
    }).on('error', reject);
  });
}

const listGets = (): number =>
  dataset.server.requests().filter((r) => r.method === 'GET' && r.query['watch'] === undefined)
    .length;

describe('prefetching lists the server answers alike', () => {
  // What lets the benchmark record these answers once: if the fake server ever answers them
  // differently, this fails before any figure is measured on the wrong bytes.
  test('the fake API server answers the first pages of a sync alike, and a relist’s after a change', async () => {
    const sync = await Promise.all(syncFirstPages.map((page) => body(dataset.server.url, page)));
    expect(new Set(sync).size).toBe(1);
    const before = dataset.server.resourceVersion;
    dataset.relistChange({ modify: 3, remove: 1, create: 1 }, 'x');
    const pages = [...relistFirstPages, ...syncFirstPages].map((p) => p.replace('{rv}', before));
    const answers = await Promise.all(pages.map((page) => body(dataset.server.url, page)));
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).not.toBe(sync[0]);
  });

  test('records the answer once and replays its bytes for every page', async () => {
    const direct = await body(dataset.server.url, syncFirstPages[0] as string);
    const before = listGets();
    await dataset.cache.prefetch(syncFirstPages);
    expect(listGets() - before).toBe(1);
    const { url } = await dataset.connect();
    for (const page of syncFirstPages) expect(await body(url, page)).toBe(direct);
    expect(dataset.cache.misses).toEqual([]);
  });

  test('fetches every page on its own when the first answer is paged', async () => {
    const pages = ['/api/v1/pods?limit=10', '/api/v1/pods'];
    const before = listGets();
    await dataset.cache.prefetch(pages);
    // Four pages of ten, then the whole list.
    expect(listGets() - before).toBe(5);
    const { url } = await dataset.connect();
    expect(await body(url, '/api/v1/pods')).toBe(await body(dataset.server.url, '/api/v1/pods'));
    expect(dataset.cache.misses).toEqual([]);
  });
});
