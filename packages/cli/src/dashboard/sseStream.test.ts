import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { FeedMessage, FeedObject } from './feedProtocol.js';
import { SseEncoder } from './sseEncoder.js';
import { minimumPieceBytes, SseStream } from './sseStream.js';

// A response whose socket takes nothing until told to: what SseStream buffers is exactly what
// it wrote, with no kernel buffer in between to hide it.

/** The parts of a ServerResponse that SseStream uses; `drain()` empties it like a socket. */
class StalledResponse extends EventEmitter {
  writableLength = 0;
  readonly written: Buffer[] = [];

  writeHead(): this {
    return this;
  }

  write(chunk: string | Buffer): boolean {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    this.written.push(bytes);
    this.writableLength += bytes.length;
    return this.writableLength < minimumPieceBytes; // a socket's high-water mark
  }

  drain(): void {
    this.writableLength = 0;
    this.emit('drain');
  }

  destroy(): void {}
}

const pod = (i: number): FeedObject => ({
  metadata: { name: `${'x'.repeat(500)}-${i}`, namespace: 'load', resourceVersion: '1' },
});
const snapshot: FeedMessage = {
  type: 'snapshot',
  id: 'e-1',
  objects: Array.from({ length: 2_000 }, (_, i) => pod(i)),
};
const change: FeedMessage = { type: 'change', id: 'e-2', change: 'add', key: 'k', object: pod(0) };

test('a snapshot larger than the bound goes out in pieces as the socket drains, then the changes', () => {
  const maxBufferedBytes = 64 * 1024;
  const response = new StalledResponse();
  const stream = new SseStream(response as unknown as ServerResponse, {
    maxBufferedBytes,
    heartbeatMs: 3_600_000,
  });
  stream.send(snapshot);
  stream.send(change);
  const encoder = new SseEncoder();
  const snapshotBytes = encoder.encode(snapshot).length;
  expect(snapshotBytes).toBeGreaterThan(10 * maxBufferedBytes);

  let drains = 0;
  let worst = 0;
  while (stream.load.unsentBytes > 0 || stream.load.pendingMessages > 0) {
    worst = Math.max(worst, response.writableLength);
    expect(stream.load.bufferedBytes + stream.load.unsentBytes).toBeLessThanOrEqual(
      snapshotBytes + maxBufferedBytes,
    );
    response.drain();
    drains += 1;
    if (drains > 100) throw new Error('the stream does not finish');
  }
  expect(worst).toBeLessThanOrEqual(maxBufferedBytes + minimumPieceBytes);
  expect(drains).toBeGreaterThanOrEqual(snapshotBytes / (maxBufferedBytes + minimumPieceBytes));
  // Every byte, in order: the snapshot whole, then the change held back meanwhile.
  expect(Buffer.concat(response.written).toString()).toBe(
    `retry: 1000\n\n${encoder.encode(snapshot).toString()}${encoder.encode(change).toString()}`,
  );
  stream.close();
});
