import { PassThrough } from 'node:stream';
import { flushMicrotasks } from '@rxkube/devkit';
import type { WatchEvent } from '../listerWatcher.js';
import type { FetchResponseLike } from './apiGet.js';
import { httpListerWatcher } from './httpListerWatcher.js';

// A Node.js body (node-fetch's kind) must be read as its chunks arrive: a reader that lets
// them queue fills the stream's buffer, which pauses the socket again and again in a burst.

const line = (rv: number): string =>
  `${JSON.stringify({ type: 'MODIFIED', object: { apiVersion: 'v1', kind: 'Pod', metadata: { name: `p${rv}`, namespace: 'default', resourceVersion: String(rv) } } })}\n`;

function watching(body: PassThrough): { events: WatchEvent<unknown>[]; stop: () => void } {
  const response: FetchResponseLike = {
    status: 200,
    headers: { get: () => null },
    text: () => Promise.resolve(''),
    body,
  };
  const lw = httpListerWatcher<unknown>(() => Promise.resolve(response), 'pods', {});
  const events: WatchEvent<unknown>[] = [];
  const subscription = lw.watch({ resourceVersion: '1' }).subscribe((event) => events.push(event));
  return { events, stop: () => subscription.unsubscribe() };
}

describe('httpListerWatcher reading a Node.js stream body', () => {
  it('takes every chunk of a burst as it is written: the stream never buffers nor pushes back', async () => {
    // Room for about three events: a reader that lets chunks queue pushes back within a burst.
    const body = new PassThrough({ highWaterMark: 512 });
    const { events, stop } = watching(body);
    await flushMicrotasks();

    const accepted: boolean[] = [];
    for (let rv = 2; rv < 52; rv++) accepted.push(body.write(line(rv)));

    expect(accepted.every(Boolean)).toBe(true);
    expect(body.readableLength).toBe(0);
    expect(events.map((e) => (e.type === 'MODIFIED' ? e.object : undefined))).toHaveLength(50);
    stop();
  });

  it('stops reading, and releases the body, once the subscriber has left', async () => {
    const body = new PassThrough();
    const { events, stop } = watching(body);
    await flushMicrotasks();
    body.write(line(2));
    stop();
    body.write(line(3));
    await flushMicrotasks();

    expect(events).toHaveLength(1);
    expect(body.destroyed).toBe(true);
  });
});
