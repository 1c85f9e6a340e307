import { type IncomingMessage, get } from 'node:http';
import { afterEach, describe, expect, test } from '@jest/globals';
import { WholeBodyData } from './wholeBodyData.js';
import { WholeBodyServer } from './wholeBodyServer.js';

const spec = { name: 'test', pods: 30, namespaces: 3 };
let server: WholeBodyServer | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function serve(
  events: number,
): Promise<{ server: WholeBodyServer; url: string; id: number }> {
  server = new WholeBodyServer(new WholeBodyData(spec, 7, events));
  const { id, url } = await server.connect();
  return { server, url, id };
}

function request(url: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => get(url, resolve).once('error', reject));
}

async function body(url: string): Promise<{ res: IncomingMessage; bytes: Buffer }> {
  const res = await request(url);
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return { res, bytes: Buffer.concat(chunks) };
}

/** Reads a watch stream's lines as they arrive. */
class Lines {
  readonly lines: { type: string; object: { kind?: string; metadata: Record<string, unknown> } }[] =
    [];
  private pending = '';
  private wake: () => void = () => undefined;

  constructor(readonly res: IncomingMessage) {
    res.setEncoding('utf8');
    res.on('data', (text: string) => {
      const parts = (this.pending + text).split('\n');
      this.pending = parts.pop() ?? '';
      for (const part of parts) this.lines.push(JSON.parse(part));
      this.wake();
    });
  }

  async until(count: number): Promise<void> {
    while (this.lines.length < count) await new Promise<void>((resolve) => (this.wake = resolve));
  }
}

describe('WholeBodyServer', () => {
  test('answers every list request with the same whole body, chunked, and no continue token', async () => {
    const { url } = await serve(0);
    const paged = await body(`${url}/api/v1/pods?resourceVersion=0&limit=5`);
    const plain = await body(`${url}/api/v1/pods`);
    expect(paged.bytes.equals(plain.bytes)).toBe(true);
    expect(paged.res.headers['transfer-encoding']).toBe('chunked');
    expect(paged.res.headers['content-length']).toBeUndefined();
    const list = JSON.parse(plain.bytes.toString()) as {
      kind: string;
      metadata: { resourceVersion: string; continue?: string };
      items: { kind?: string; metadata: { uid: string; resourceVersion: string; name: string } }[];
    };
    expect(list.kind).toBe('PodList');
    expect(list.metadata).toEqual({ resourceVersion: '30' });
    expect(list.items).toHaveLength(30);
    expect(new Set(list.items.map((item) => item.metadata.uid)).size).toBe(30);
    // Built-in list items carry no kind, as kube-apiserver's do not.
    expect(list.items.every((item) => item.kind === undefined)).toBe(true);
    const versions = list.items.map((item) => Number(item.metadata.resourceVersion));
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
  });

  test('holds a watch until its connection is released, then writes the committed events after its version', async () => {
    const { server, url, id } = await serve(12);
    const watch = new Lines(await request(`${url}/api/v1/pods?watch=true&resourceVersion=30`));
    const changes = server.data.commit(8);
    // A request answered after the commit: the held watch has been given nothing meanwhile.
    await body(`${url}/version`);
    expect(watch.lines).toHaveLength(0);
    server.release(id);
    await watch.until(8);
    expect(watch.lines.map((line) => line.type)).toEqual(Array(8).fill('MODIFIED'));
    expect(watch.lines.map((line) => line.object.metadata.resourceVersion)).toEqual([
      '31',
      '32',
      '33',
      '34',
      '35',
      '36',
      '37',
      '38',
    ]);
    expect(watch.lines.every((line) => line.object.kind === 'Pod')).toBe(true);
    expect(changes.map(([, version]) => version)).toEqual([
      '31',
      '32',
      '33',
      '34',
      '35',
      '36',
      '37',
      '38',
    ]);
    watch.res.destroy();
  });

  test('refuses a streaming list at once with 422 Invalid, as a server whose WatchList gate is off', async () => {
    const { url } = await serve(0);
    const refused = await body(
      `${url}/api/v1/pods?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true`,
    );
    expect(refused.res.statusCode).toBe(422);
    expect(JSON.parse(refused.bytes.toString())).toMatchObject({
      kind: 'Status',
      reason: 'Invalid',
      code: 422,
      details: { causes: [{ field: 'sendInitialEvents' }] },
    });
  });

  test('a watch from a later version gets only the events after it', async () => {
    const { server, url, id } = await serve(12);
    server.data.commit(10);
    server.release(id);
    const watch = new Lines(await request(`${url}/api/v1/pods?watch=1&resourceVersion=37`));
    await watch.until(3);
    await body(`${url}/version`);
    expect(watch.lines.map((line) => line.object.metadata.resourceVersion)).toEqual([
      '38',
      '39',
      '40',
    ]);
    watch.res.destroy();
  });

  test('waits for a slow reader to drain, and delivers every line whole and in order', async () => {
    // 3,000 events of ~3 KB: far more than socket buffers hold, so writes wait for drain.
    const { server, url, id } = await serve(3_000);
    const res = await request(`${url}/api/v1/pods?watch=true&resourceVersion=30`);
    res.pause();
    server.data.commit(3_000);
    server.release(id);
    await body(`${url}/version`);
    // Nothing read yet: the server waits for drain instead of queueing all ~9 MB in memory.
    expect(server.bufferedBytes(id)).toBeLessThan(1_000_000);
    const watch = new Lines(res);
    res.resume();
    await watch.until(3_000);
    const versions = watch.lines.map((line) => Number(line.object.metadata.resourceVersion));
    expect(versions).toEqual(Array.from({ length: 3_000 }, (_, i) => 31 + i));
    res.destroy();
  });
});

describe('WholeBodyData', () => {
  test('commit returns the final version of each modified key, and state follows it', () => {
    const data = new WholeBodyData({ name: 'test', pods: 4, namespaces: 2 }, 1, 10);
    const before = data.state();
    expect(before.map(([, v]) => v)).toEqual(['1', '2', '3', '4']);
    const changes = data.commit(6);
    // Events 1–6 go round-robin over the 4 pods: pods 1 and 2 were modified twice.
    expect(changes).toEqual([
      [before[2]?.[0], '7'],
      [before[3]?.[0], '8'],
      [before[0]?.[0], '9'],
      [before[1]?.[0], '10'],
    ]);
    expect(data.state()).toEqual(changes);
    expect(() => data.commit(5)).toThrow('only 4 encoded events left');
  });
});
