import { KeyError } from '@rxkube/store';
import { FIFOClosedError, RequeueError } from './errors.js';
import { FIFO } from './fifo.js';
import { deferred, obj, settle, type TestObj } from './fixtures.testing.js';

describe('FIFO writes', () => {
  it('keeps only the latest object of a key, at the key’s first position', () => {
    const f = new FIFO<TestObj>();
    f.add(obj('a', 1));
    f.add(obj('b', 1));
    f.update(obj('a', 2));
    expect(f.listKeys()).toEqual(['a', 'b']);
    expect(f.list()).toEqual([obj('a', 2), obj('b', 1)]);
    expect(f.get(obj('a', 0))).toEqual(obj('a', 2));
    expect(f.getByKey('b')).toEqual(obj('b', 1));
    expect(f.size).toBe(2);
  });

  it('removes a deleted key from the queue; adding it again queues it at the back', () => {
    const f = new FIFO<TestObj>();
    f.add(obj('a', 1));
    f.add(obj('b', 1));
    f.delete(obj('a', 1));
    expect(f.listKeys()).toEqual(['b']);
    expect(f.getByKey('a')).toBeUndefined();
    f.add(obj('a', 2));
    expect(f.listKeys()).toEqual(['b', 'a']);
  });

  it('ignores the deletion of a key that is not queued', () => {
    const f = new FIFO<TestObj>();
    f.delete(obj('ghost', 1));
    expect(f.listKeys()).toEqual([]);
    expect(f.hasSynced()).toBe(true);
  });

  it('throws a KeyError for an object without a key', () => {
    const f = new FIFO<TestObj>();
    const bad = { metadata: {} } as unknown as TestObj;
    expect(() => f.add(bad)).toThrow(KeyError);
    expect(() => f.delete(bad)).toThrow(KeyError);
    expect(() => f.replace([bad], '1')).toThrow(KeyError);
    expect(f.hasSynced()).toBe(false);
  });

  it('addIfNotPresent keeps a queued object', () => {
    const f = new FIFO<TestObj>();
    f.add(obj('a', 2));
    f.addIfNotPresent(obj('a', 1));
    f.addIfNotPresent(obj('b', 1));
    expect(f.list()).toEqual([obj('a', 2), obj('b', 1)]);
  });

  it('replace swaps the contents, the last object of a repeated key winning', () => {
    const f = new FIFO<TestObj>();
    f.add(obj('old', 1));
    f.replace([obj('x', 1), obj('y', 1), obj('x', 2)], '5');
    expect(f.listKeys()).toEqual(['x', 'y']);
    expect(f.getByKey('x')).toEqual(obj('x', 2));
  });

  it('resync leaves the queue as it is: every held item is already queued', () => {
    const f = new FIFO<TestObj>();
    f.add(obj('a', 1));
    f.add(obj('b', 1));
    f.resync();
    expect(f.listKeys()).toEqual(['a', 'b']);
  });
});

describe('FIFO.pop', () => {
  it('hands over keys in order, the latest object each', async () => {
    const f = new FIFO<TestObj>();
    f.add(obj('a', 1));
    f.add(obj('b', 1));
    f.update(obj('a', 2));
    const seen: TestObj[] = [];
    await f.pop((o) => seen.push(o));
    await f.pop((o) => seen.push(o));
    expect(seen).toEqual([obj('a', 2), obj('b', 1)]);
  });

  it('requeues on RequeueError unless the key was queued again, and rejects with the cause', async () => {
    const f = new FIFO<TestObj>();
    f.add(obj('a', 1));
    await f.pop(() => {
      throw new RequeueError();
    });
    expect(f.getByKey('a')).toEqual(obj('a', 1));

    const cause = new Error('later');
    await expect(
      f.pop(() => {
        f.add(obj('a', 2));
        throw new RequeueError(cause);
      }),
    ).rejects.toBe(cause);
    expect(f.getByKey('a')).toEqual(obj('a', 2));
  });

  it('waits for an item, drains after close, then rejects with FIFOClosedError', async () => {
    const f = new FIFO<TestObj>();
    const waiting = f.pop(() => undefined);
    await settle();
    f.add(obj('a', 1));
    expect(await waiting).toEqual(obj('a', 1));
    f.add(obj('b', 1));
    f.close();
    expect(f.isClosed()).toBe(true);
    expect(await f.pop(() => undefined)).toEqual(obj('b', 1));
    await expect(f.pop(() => undefined)).rejects.toBeInstanceOf(FIFOClosedError);
  });

  it('makes pops take turns', async () => {
    const f = new FIFO<TestObj>();
    f.add(obj('a', 1));
    f.add(obj('b', 1));
    const gate = deferred();
    const order: string[] = [];
    const first = f.pop(async () => {
      await gate.promise;
      order.push('a');
    });
    const second = f.pop(() => void order.push('b'));
    await settle();
    expect(order).toEqual([]);
    gate.resolve();
    await Promise.all([first, second]);
    expect(order).toEqual(['a', 'b']);
  });
});

describe('FIFO.hasSynced', () => {
  it('waits for every item of the first replace to be popped and processed', async () => {
    const f = new FIFO<TestObj>();
    expect(f.hasSynced()).toBe(false);
    f.replace([obj('a', 1), obj('b', 1)], '1');
    f.add(obj('c', 1));
    const initial: boolean[] = [];
    await f.pop((_o, i) => initial.push(i));
    const gate = deferred();
    const last = f.pop(async (_o, i) => {
      initial.push(i);
      await gate.promise;
    });
    expect(f.hasSynced()).toBe(false);
    gate.resolve();
    await last;
    expect(f.hasSynced()).toBe(true);
    await f.pop((_o, i) => initial.push(i));
    expect(initial).toEqual([true, true, false]);
  });

  it('counts a deleted initial item as done', () => {
    const f = new FIFO<TestObj>();
    f.replace([obj('a', 1)], '1');
    f.delete(obj('a', 1));
    expect(f.hasSynced()).toBe(true);
  });

  it('counts an initial item dropped by a later replace as done', () => {
    const f = new FIFO<TestObj>();
    f.replace([obj('a', 1), obj('b', 1)], '1');
    f.replace([obj('b', 2)], '2');
    expect(f.hasSynced()).toBe(false);
    f.delete(obj('b', 2));
    expect(f.hasSynced()).toBe(true);
  });

  it('is true at once when a write came before the first replace', () => {
    const f = new FIFO<TestObj>();
    f.addIfNotPresent(obj('a', 1));
    f.replace([obj('b', 1)], '1');
    expect(f.hasSynced()).toBe(true);
  });
});
