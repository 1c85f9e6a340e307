import { DeletedFinalStateUnknown } from '@rxkube/store';
import { DeltaFIFO } from './deltaFifoQueue.js';
import { DeltaType, type Deltas } from './deltas.js';
import { FIFOClosedError, RequeueError } from './errors.js';
import {
  MapStore,
  deferred,
  obj,
  objectOf,
  plain,
  settle,
  type TestObj,
} from './fixtures.testing.js';

const { Added, Updated, Deleted, Sync } = DeltaType;

const nameOf = (d: Deltas<TestObj>): string | undefined => {
  const object = objectOf(d.newest());
  return object instanceof DeletedFinalStateUnknown ? object.key : object?.metadata.name;
};

describe('DeltaFIFO.pop', () => {
  it('runs the process each pop is given, when consumers alternate between pop and popReady', async () => {
    const f = new DeltaFIFO<TestObj>();
    for (const name of ['a', 'b', 'c', 'd']) f.add(obj(name, 1));
    const seen: string[] = [];
    const first = (d: Deltas<TestObj>): void => void seen.push(`first:${nameOf(d)}`);
    const second = (d: Deltas<TestObj>): void => void seen.push(`second:${nameOf(d)}`);
    await f.pop(first);
    f.popReady(second);
    f.popReady(first);
    await f.pop(second);
    expect(seen).toEqual(['first:a', 'second:b', 'first:c', 'second:d']);
  });

  it('hands over the first key with all its changes and removes it', async () => {
    const f = new DeltaFIFO<TestObj>();
    f.add(obj('a', 1));
    f.add(obj('b', 1));
    f.update(obj('a', 2));
    let processed: Deltas<TestObj> | undefined;
    const popped = await f.pop((d) => {
      processed = d;
      expect(f.getByKey('a')).toBeUndefined(); // removed before processing
    });
    expect(popped).toBe(processed);
    expect(popped.toArray()).toEqual([
      { type: Added, object: obj('a', 1) },
      { type: Updated, object: obj('a', 2) },
    ]);
    expect(f.listKeys()).toEqual(['b']);
  });

  it('calls process synchronously when a key is queued', () => {
    const f = new DeltaFIFO<TestObj>();
    f.add(obj('a', 1));
    let called = false;
    void f.pop(() => {
      called = true;
    });
    expect(called).toBe(true);
  });

  it('waits for a key when the queue is empty', async () => {
    const f = new DeltaFIFO<TestObj>();
    const popped = f.pop(() => undefined);
    await settle();
    f.add(obj('late', 1));
    expect(nameOf(await popped)).toBe('late');
  });

  it('settles only after an asynchronous process has settled', async () => {
    const f = new DeltaFIFO<TestObj>();
    f.add(obj('a', 1));
    const gate = deferred();
    let settled = false;
    const popped = f.pop(() => gate.promise).then(() => (settled = true));
    await settle();
    expect(settled).toBe(false);
    gate.resolve();
    await popped;
    expect(settled).toBe(true);
  });

  it('rejects with what process throws and does not requeue', async () => {
    const f = new DeltaFIFO<TestObj>();
    f.add(obj('a', 1));
    const failure = new Error('handler failed');
    await expect(
      f.pop(() => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    f.add(obj('b', 1));
    await expect(f.pop(() => Promise.reject(failure))).rejects.toBe(failure);
    expect(f.listKeys()).toEqual([]);
  });
});

describe('DeltaFIFO requeue', () => {
  it('puts the item back and resolves on a RequeueError without cause (DeltaFIFO_requeueOnPop)', async () => {
    const f = new DeltaFIFO<TestObj>();
    f.add(obj('foo', 10));

    await f.pop(() => {
      throw new RequeueError();
    });
    expect(plain(f.getByKey('foo'))).toEqual([{ type: Added, object: obj('foo', 10) }]);

    const cause = new Error('test error');
    await expect(f.pop(() => Promise.reject(new RequeueError(cause)))).rejects.toBe(cause);
    expect(plain(f.getByKey('foo'))).toEqual([{ type: Added, object: obj('foo', 10) }]);

    await f.pop(() => undefined);
    expect(f.getByKey('foo')).toBeUndefined();
  });

  it('puts the item back at the end of the queue', async () => {
    const f = new DeltaFIFO<TestObj>();
    f.add(obj('a', 1));
    f.add(obj('b', 1));
    await f.pop(() => {
      throw new RequeueError();
    });
    expect(f.listKeys()).toEqual(['b', 'a']);
  });

  it('drops the requeued item when the key received newer changes meanwhile', async () => {
    const f = new DeltaFIFO<TestObj>();
    f.add(obj('a', 1));
    await f.pop(() => {
      f.update(obj('a', 2));
      throw new RequeueError();
    });
    expect(plain(f.getByKey('a'))).toEqual([{ type: Updated, object: obj('a', 2) }]);
  });

  it('does not count a requeued initial item again', async () => {
    const f = new DeltaFIFO<TestObj>();
    f.replace([obj('a', 1)], '1');
    await f.pop(() => {
      throw new RequeueError();
    });
    expect(f.hasSynced()).toBe(true);
    expect(await f.pop((_d, isInInitialList) => expect(isInInitialList).toBe(false))).toBeDefined();
  });
});

describe('DeltaFIFO.close', () => {
  it('rejects a waiting pop with FIFOClosedError', async () => {
    const f = new DeltaFIFO<TestObj>();
    const popped = f.pop(() => undefined);
    f.close();
    await expect(popped).rejects.toBeInstanceOf(FIFOClosedError);
    expect(f.isClosed()).toBe(true);
  });

  it('lets pops drain what is queued before reporting closed', async () => {
    const f = new DeltaFIFO<TestObj>();
    f.add(obj('a', 1));
    f.add(obj('b', 1));
    f.close();
    expect(nameOf(await f.pop(() => undefined))).toBe('a');
    expect(nameOf(await f.pop(() => undefined))).toBe('b');
    await expect(f.pop(() => undefined)).rejects.toBeInstanceOf(FIFOClosedError);
  });

  it('still delivers an item requeued after close', async () => {
    const f = new DeltaFIFO<TestObj>();
    f.add(obj('a', 1));
    f.close();
    await f.pop(() => {
      throw new RequeueError();
    });
    expect(nameOf(await f.pop(() => undefined))).toBe('a');
    await expect(f.pop(() => undefined)).rejects.toBeInstanceOf(FIFOClosedError);
  });
});

describe('DeltaFIFO re-entrant writes from process', () => {
  it('queues a change to the key being processed afresh, at the back', async () => {
    const f = new DeltaFIFO<TestObj>();
    f.add(obj('a', 1));
    f.add(obj('b', 1));
    await f.pop(() => {
      f.update(obj('a', 2));
      f.update(obj('a', 3));
    });
    expect(f.listKeys()).toEqual(['b', 'a']);
    expect(plain(f.getByKey('a'))?.map((d) => d.object)).toEqual([obj('a', 2), obj('a', 3)]);
  });

  it('keeps the queue consistent when process replaces and deletes', async () => {
    const known = new MapStore([obj('k', 1)]);
    const f = new DeltaFIFO<TestObj>({ knownObjects: known });
    f.add(obj('a', 1));
    f.add(obj('b', 1));
    await f.pop(() => {
      f.delete(obj('b', 1));
      f.replace([obj('c', 1)], '2');
      f.resync();
    });
    // b: its deletion; c: listed; k and the in-flight a: missing from the list, so deleted.
    expect(f.listKeys()).toEqual(['b', 'c', 'k', 'a']);
    expect(plain(f.getByKey('b'))?.map((d) => d.type)).toEqual([Added, Deleted]);
    expect(plain(f.getByKey('a'))).toEqual([
      { type: Deleted, object: new DeletedFinalStateUnknown('a', obj('a', 1)) },
    ]);
    expect(new Set(f.listKeys()).size).toBe(f.listKeys().length);
    for (const key of f.listKeys()) expect(f.getByKey(key)?.length).toBeGreaterThan(0);
  });
});

describe('DeltaFIFO with a process in flight', () => {
  it('makes a second pop wait until the first has settled, so a key is processed in order', async () => {
    const f = new DeltaFIFO<TestObj>();
    f.add(obj('a', 1));
    const gate = deferred();
    const order: string[] = [];
    const first = f.pop(async () => {
      order.push('first:start');
      await gate.promise;
      order.push('first:end');
    });
    f.update(obj('a', 2));
    const second = f.pop(() => void order.push('second'));
    await settle();
    expect(order).toEqual(['first:start']);
    gate.resolve();
    await Promise.all([first, second]);
    expect(order).toEqual(['first:start', 'first:end', 'second']);
  });

  it('keeps a deletion that arrives while the key is being processed', async () => {
    const known = new MapStore<TestObj>();
    const f = new DeltaFIFO<TestObj>({ knownObjects: known });
    f.add(obj('a', 1));
    const gate = deferred();
    const popped = f.pop(async (d) => {
      await gate.promise;
      for (const delta of d) if (delta.type !== Deleted) known.add(objectOf(delta) as TestObj);
    });
    f.delete(obj('a', 1)); // not queued, not yet known: but the in-flight add will make it known
    gate.resolve();
    await popped;
    expect(plain(f.getByKey('a'))).toEqual([{ type: Deleted, object: obj('a', 1) }]);
  });

  it('drops a deletion of a key whose in-flight changes end with its deletion', async () => {
    const known = new MapStore([obj('a', 1)]);
    const f = new DeltaFIFO<TestObj>({ knownObjects: known });
    f.delete(obj('a', 1));
    const gate = deferred();
    const popped = f.pop(() => gate.promise);
    f.delete(obj('a', 1));
    f.replace([], '2');
    gate.resolve();
    await popped;
    expect(f.listKeys()).toEqual([]);
  });

  it('detects the deletion of an in-flight key in a replace, with its newest object', async () => {
    const f = new DeltaFIFO<TestObj>({ knownObjects: new MapStore<TestObj>() });
    f.add(obj('a', 1));
    const gate = deferred();
    const popped = f.pop(() => gate.promise);
    f.replace([obj('b', 1)], '2');
    gate.resolve();
    await popped;
    expect(f.listKeys()).toEqual(['b', 'a']);
    expect(plain(f.getByKey('a'))).toEqual([
      { type: Deleted, object: new DeletedFinalStateUnknown('a', obj('a', 1)) },
    ]);
  });

  it('resyncs an in-flight key with the object its changes leave, not the stale known one', async () => {
    const f = new DeltaFIFO<TestObj>({ knownObjects: new MapStore([obj('a', 1)]) });
    f.update(obj('a', 2));
    const gate = deferred();
    const popped = f.pop(() => gate.promise);
    f.resync();
    gate.resolve();
    await popped;
    expect(plain(f.getByKey('a'))).toEqual([{ type: Sync, object: obj('a', 2) }]);
  });

  it('coalesces writes that arrive during a slow process: 10,000 updates to 10 keys, 10 entries', async () => {
    const f = new DeltaFIFO<TestObj>();
    f.add(obj('slow', 0));
    const gate = deferred();
    const popped = f.pop(() => gate.promise);
    for (let i = 0; i < 10_000; i++) f.update(obj(`k${i % 10}`, i));
    expect(f.size).toBe(10);
    expect(f.listKeys()).toEqual(Array.from({ length: 10 }, (_, k) => `k${k}`));
    expect(f.getByKey('k3')?.length).toBe(1000);
    gate.resolve();
    await popped;
  });

  it('reports not synced while the last initial item is still being processed', async () => {
    const f = new DeltaFIFO<TestObj>();
    f.replace([obj('a', 1)], '1');
    const gate = deferred();
    const popped = f.pop(() => gate.promise);
    expect(f.hasSynced()).toBe(false);
    gate.resolve();
    await popped;
    expect(f.hasSynced()).toBe(true);
  });

  it('lets a closed queue report closed only after the in-flight item settled without requeue', async () => {
    const f = new DeltaFIFO<TestObj>();
    f.add(obj('a', 1));
    const gate = deferred();
    const first = f.pop(async () => {
      await gate.promise;
      throw new RequeueError();
    });
    f.close();
    const second = f.pop(() => undefined);
    gate.resolve();
    await first;
    expect(nameOf(await second)).toBe('a');
  });
});
