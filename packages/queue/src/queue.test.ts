import { DeletedFinalStateUnknown, isDeletedFinalStateUnknown } from '@rxkube/store';
import { DeltaFIFO } from './deltaFifoQueue.js';
import { Deltas } from './deltas.js';
import { FIFOClosedError } from './errors.js';
import { FIFO } from './fifo.js';
import { obj, type TestObj } from './fixtures.testing.js';
import type { Queue } from './queue.js';

/** A consumer that knows only the Queue interface: drains it until it is closed. */
async function drain<T, TItem>(queue: Queue<T, TItem>): Promise<[TItem, boolean][]> {
  const seen: [TItem, boolean][] = [];
  for (;;) {
    try {
      await queue.pop((item, isInInitialList) => seen.push([item, isInInitialList]));
    } catch (err) {
      if (err instanceof FIFOClosedError) return seen;
      throw err;
    }
  }
}

/** Writes the same story into any queue. */
function tellStory<TItem>(queue: Queue<TestObj, TItem>): void {
  queue.replace([obj('a', 1), obj('b', 1)], '1');
  queue.update(obj('a', 2));
  queue.add(obj('c', 1));
  queue.close();
}

describe('Queue', () => {
  it('lets one consumer drive a FIFO: the latest object per key', async () => {
    const fifo = new FIFO<TestObj>();
    tellStory(fifo);
    const seen = await drain(fifo);
    expect(seen).toEqual([
      [obj('a', 2), true],
      [obj('b', 1), true],
      [obj('c', 1), false],
    ]);
    expect(fifo.hasSynced()).toBe(true);
  });

  it('lets the same consumer drive a DeltaFIFO: every change per key', async () => {
    const fifo = new DeltaFIFO<TestObj>({ emitDeltaTypeReplaced: true });
    tellStory(fifo);
    const seen = await drain(fifo);
    expect(seen.map(([deltas, initial]) => [deltas.toArray().map((d) => d.type), initial])).toEqual(
      [
        [['Replaced', 'Updated'], true],
        [['Replaced'], true],
        [['Added'], false],
      ],
    );
    expect(seen[0]?.[0]).toBeInstanceOf(Deltas);
    expect(fifo.hasSynced()).toBe(true);
  });

  it('exposes the newest object of each key through list on both queues', () => {
    const queues: Queue<TestObj, unknown>[] = [new FIFO<TestObj>(), new DeltaFIFO<TestObj>()];
    for (const queue of queues) {
      queue.add(obj('a', 1));
      queue.update(obj('a', 2));
      expect(queue.list().filter((o) => !isDeletedFinalStateUnknown(o))).toEqual([obj('a', 2)]);
      expect(queue.listKeys()).toEqual(['a']);
    }
  });

  it('accepts a tombstone in delete on both queues, keyed by the key it carries', () => {
    const fifo = new FIFO<TestObj>();
    const deltaFifo = new DeltaFIFO<TestObj>();
    const queues: Queue<TestObj, unknown>[] = [fifo, deltaFifo];
    for (const queue of queues) {
      queue.add(obj('a', 1));
      queue.add(obj('b', 1));
      queue.delete(new DeletedFinalStateUnknown('a', obj('a', 1)));
    }
    // FIFO drops the key; DeltaFIFO records the deletion, tombstone and all.
    expect(fifo.listKeys()).toEqual(['b']);
    expect(deltaFifo.getByKey('a')?.newest()).toEqual({
      type: 'Deleted',
      object: new DeletedFinalStateUnknown('a', obj('a', 1)),
    });
  });
});
