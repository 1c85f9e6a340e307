import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { KubeConfig } from '@kubernetes/client-node';
import { firstValueFrom, toArray } from 'rxjs';
import { listerWatcher } from '../clientNode/clientNodeListerWatcher.js';
import { ListItemTooLargeError, TooLargeError } from '../errors.js';
import { fetchListerWatcher } from '../fetch/fetchListerWatcher.js';
import type { ListerWatcher } from '../listerWatcher.js';
import type { FetchResponseLike } from './apiGet.js';
import {
  defaultMaxEventBytes,
  defaultMaxListBytes,
  httpListerWatcher,
  type HttpListerWatcherOptions,
} from './httpListerWatcher.js';

// Gzip bombs on lists, over real HTTP and both transports: a small compressed answer that
// inflates into one huge item, or into more than a page may hold. Sizes are counted after
// decompression, as the answer arrives: the list fails with a typed error and the next answer
// is read as usual.
let server: Server;
let url: string;
const answers: Buffer[] = [];

beforeEach(async () => {
  server = createServer((req, res) => {
    const body = answers.shift();
    // Gzip only to a client that asks for it, as kube-apiserver does (client-node 2.x does not
    // ask): the bounds hold on the body as it is decoded either way.
    if (body !== undefined && !/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(gunzipSync(body));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  answers.length = 0;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

type Options = HttpListerWatcherOptions<unknown>;
const transports: Array<[string, (options: Options) => ListerWatcher<unknown>]> = [
  [
    'client-node',
    (options) => {
      const kubeConfig = new KubeConfig();
      kubeConfig.loadFromOptions({
        clusters: [{ name: 'c', server: url, skipTLSVerify: true }],
        users: [{ name: 'u' }],
        contexts: [{ name: 'x', cluster: 'c', user: 'u' }],
        currentContext: 'x',
      });
      return listerWatcher<unknown>(kubeConfig, { version: 'v1', plural: 'pods' }, options);
    },
  ],
  [
    'fetch',
    (options) => fetchListerWatcher<unknown>(url, { version: 'v1', plural: 'pods' }, options),
  ],
];

/** A pod list answer, gzipped, whose pods carry `data` annotations of the given lengths. */
function gzippedList(dataLengths: number[]): Buffer {
  const items = dataLengths.map(
    (length, i) =>
      `{"metadata":{"name":"p${i}","namespace":"a","resourceVersion":"5","annotations":{"data":"${'x'.repeat(length)}"}}}`,
  );
  return gzipSync(
    `{"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"5"},"items":[${items.join(',')}]}`,
  );
}

const failureOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (err: unknown) => err,
  );

describe.each(transports)('over %s', (_name, lwFor) => {
  test('an item that inflates past maxEventBytes fails the list with a ListItemTooLargeError; the next list is read', async () => {
    const bomb = gzippedList([4 * 2 ** 20]);
    expect(bomb.length).toBeLessThan(16 * 1024);
    answers.push(bomb, gzippedList([10, 10]));
    const lw = lwFor({ maxEventBytes: 2 ** 20 });
    const failure = await failureOf(firstValueFrom(lw.list({})));
    expect(failure).toBeInstanceOf(ListItemTooLargeError);
    expect(failure).toMatchObject({ kind: 'tooLarge', verb: 'list', limitBytes: 2 ** 20 });
    expect((failure as Error).message).toBe(
      'list pods: item larger than 1048576 bytes, list abandoned',
    );
    const page = await firstValueFrom(lw.list({}));
    expect(page.items).toHaveLength(2);
  });

  test('by default an item is held to 16 MiB', async () => {
    answers.push(gzippedList([defaultMaxEventBytes + 1024]));
    const failure = await failureOf(firstValueFrom(lwFor({}).list({})));
    expect(failure).toBeInstanceOf(ListItemTooLargeError);
    expect(failure).toMatchObject({ limitBytes: 16 * 2 ** 20 });
  });

  test('small items that inflate past maxListBytes in all fail the list with a TooLargeError', async () => {
    answers.push(gzippedList(Array.from({ length: 200 }, () => 1000)), gzippedList([10]));
    const lw = lwFor({ maxListBytes: 64 * 1024 });
    const failure = await failureOf(firstValueFrom(lw.list({})));
    expect(failure).toBeInstanceOf(TooLargeError);
    expect(failure).not.toBeInstanceOf(ListItemTooLargeError);
    expect((failure as Error).message).toBe(
      'list pods: answer larger than 65536 bytes, list abandoned',
    );
    expect((await firstValueFrom(lw.list({}))).items).toHaveLength(1);
  });
});

test('by default a list answer is held to 1 GiB', async () => {
  // The same 64 MiB of string bytes again and again: the reader counts 1 GiB while memory holds
  // one chunk. Items are let be as large as they come, so that only the page limit applies.
  const filler = new Uint8Array(64 * 2 ** 20).fill(0x78);
  const response: FetchResponseLike = {
    status: 200,
    headers: { get: () => null },
    text: () => Promise.resolve(''),
    body: (async function* () {
      yield '{"kind":"PodList","metadata":{"resourceVersion":"1"},"items":[{"a":"';
      for (let sent = 0; sent <= defaultMaxListBytes; sent += filler.length) yield filler;
      yield '"}]}';
    })(),
  };
  const lw = httpListerWatcher<unknown>(() => Promise.resolve(response), 'pods', {
    maxEventBytes: Infinity,
  });
  const failure = await failureOf(firstValueFrom(lw.list({})));
  expect(failure).toBeInstanceOf(TooLargeError);
  expect(failure).toMatchObject({ limitBytes: 2 ** 30 });
});

describe('a streaming list', () => {
  const streamingList = {
    resourceVersion: '',
    sendInitialEvents: true,
    resourceVersionMatch: 'NotOlderThan' as const,
    allowWatchBookmarks: true,
  };
  const added = (i: number): string =>
    `${JSON.stringify({ type: 'ADDED', object: { metadata: { name: `p${i}`, resourceVersion: '2', annotations: { data: 'x'.repeat(1000) } } } })}\n`;
  const endBookmark = `${JSON.stringify({
    type: 'BOOKMARK',
    object: {
      metadata: { resourceVersion: '2', annotations: { 'k8s.io/initial-events-end': 'true' } },
    },
  })}\n`;
  const watching = (lines: string[]): ListerWatcher<unknown> =>
    httpListerWatcher<unknown>(
      () =>
        Promise.resolve({
          status: 200,
          headers: { get: () => null },
          text: () => Promise.resolve(''),
          body: (async function* () {
            yield* lines;
          })(),
        }),
      'pods',
      { maxListBytes: 64 * 1024 },
    );

  test('whose initial events pass maxListBytes in all fails with a TooLargeError', async () => {
    const lines = Array.from({ length: 100 }, (_, i) => added(i));
    const failure = await failureOf(
      firstValueFrom(
        watching([...lines, endBookmark])
          .watch(streamingList)
          .pipe(toArray()),
      ),
    );
    expect(failure).toBeInstanceOf(TooLargeError);
    expect((failure as Error).message).toBe(
      'list pods: answer larger than 65536 bytes, list abandoned',
    );
  });

  test('counts nothing after its initial-events-end bookmark: it is a watch', async () => {
    const later = Array.from({ length: 100 }, (_, i) => added(i));
    const events = await firstValueFrom(
      watching([added(0), endBookmark, ...later])
        .watch(streamingList)
        .pipe(toArray()),
    );
    expect(events).toHaveLength(102);
  });
});
