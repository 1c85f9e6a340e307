import { PassThrough } from 'node:stream';
import { BodyStreamError, forEachChunk } from './forEachChunk.js';

const text = (chunks: (Uint8Array | string)[]): string =>
  chunks.map((c) => (typeof c === 'string' ? c : Buffer.from(c).toString())).join('');

describe('forEachChunk', () => {
  it('hands a Node stream its chunks in order and resolves at its end', async () => {
    const body = new PassThrough();
    const taken: (Uint8Array | string)[] = [];
    const done = forEachChunk(body, (chunk) => taken.push(chunk) > 0);
    body.write('a');
    body.end('b');
    await done;
    expect(text(taken)).toBe('ab');
  });

  it('rethrows what the consumer throws, as it is, and releases the stream', async () => {
    const body = new PassThrough();
    const bad = new RangeError('bad event');
    const done = forEachChunk(body, () => {
      throw bad;
    });
    body.write('a');
    await expect(done).rejects.toBe(bad);
    expect(body.destroyed).toBe(true);
  });

  it('reports a failing stream as a BodyStreamError carrying its error', async () => {
    const body = new PassThrough();
    const cut = new Error('socket hang up');
    const done = forEachChunk(body, () => true);
    body.destroy(cut);
    const err: unknown = await done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BodyStreamError);
    expect((err as BodyStreamError).cause).toBe(cut);
  });

  it('reports a stream closed before its end as a BodyStreamError', async () => {
    const body = new PassThrough();
    const done = forEachChunk(body, () => true);
    body.destroy();
    await expect(done).rejects.toBeInstanceOf(BodyStreamError);
  });

  it('reads any other body through its iterator, and stops it when the consumer stops', async () => {
    let returned = false;
    async function* chunks(): AsyncGenerator<string> {
      try {
        yield 'a';
        yield 'b';
        yield 'c';
      } finally {
        returned = true;
      }
    }
    const taken: (Uint8Array | string)[] = [];
    await forEachChunk(chunks(), (chunk) => {
      taken.push(chunk);
      return chunk !== 'b';
    });
    expect(text(taken)).toBe('ab');
    expect(returned).toBe(true);
  });
});
