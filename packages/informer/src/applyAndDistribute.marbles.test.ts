import { FifoInput, deltaFifo, type UpsertDeltaType } from '@rxkube/queue';
import { Indexer, type DeletedFinalStateUnknown } from '@rxkube/store';
import { filter, map, type OperatorFunction } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { applyAndDistribute, type DistributedEvent } from './applyAndDistribute.js';
import { memoizeLastKey } from './lastKeyMemo.js';
import type { SharedProcessor } from './sharedProcessor.js';
import { pod, type TestPod } from './testSupport/pods.testing.js';

// The output's event types next to what the processor was told so far, in order.

type Processor = Pick<SharedProcessor<TestPod>, 'startKey' | 'added' | 'updated' | 'deleted'>;

const marbles = (): TestScheduler =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

const rv = (obj: TestPod | DeletedFinalStateUnknown<TestPod>): string =>
  'obj' in obj
    ? `tombstone@${obj.obj?.metadata.resourceVersion}`
    : String(obj.metadata.resourceVersion);

function recorder(): { calls: string[]; processor: Processor } {
  const calls: string[] = [];
  return {
    calls,
    processor: {
      startKey: (key: string) => calls.push(`start:${key}`),
      added: (obj: TestPod, initial: boolean) => calls.push(`add:${rv(obj)}:${initial}`),
      updated: (old: TestPod, obj: TestPod, deltaType: UpsertDeltaType) =>
        calls.push(`update:${rv(old)}>${rv(obj)}:${deltaType}`),
      deleted: (obj: TestPod | DeletedFinalStateUnknown<TestPod>) =>
        calls.push(`delete:${rv(obj)}`),
    },
  };
}

/** A RealFIFO over `indexer`, its pops applied and distributed to `processor`. */
function queuedAndApplied(
  indexer: Indexer<TestPod>,
  processor: Processor,
): OperatorFunction<FifoInput<TestPod>, DistributedEvent<TestPod, FifoInput<TestPod>>> {
  return (inputs) =>
    inputs.pipe(
      deltaFifo<TestPod>({ fifo: 'real', knownObjects: indexer }),
      applyAndDistribute<TestPod, FifoInput<TestPod>>(
        indexer,
        () => ({ resource: 'pods' }),
        'real',
        processor,
      ),
    );
}

describe('applyAndDistribute (marbles)', () => {
  it('writes each pop to the Indexer and hands every change to the processor as it is applied, emitting no pop', () => {
    const indexer = new Indexer<TestPod>({ resourceVersionFromWrites: false });
    const { calls, processor } = recorder();
    marbles().run(({ cold, expectObservable }) => {
      const inputs = cold<FifoInput<TestPod>>('-a-b-c-|', {
        a: FifoInput.add(pod('a', '1')),
        b: FifoInput.update(pod('a', '2')),
        c: FifoInput.delete(pod('a', '3')),
      });
      const out = inputs.pipe(
        queuedAndApplied(indexer, processor),
        filter((event) => event.type === 'queued'),
        map(() => calls.join(' ')),
      );
      // Each input's `queued` shows what the pops before it told the processor.
      const add = 'start:default/a add:1:false';
      const update = `${add} start:default/a update:1>2:Updated`;
      expectObservable(out).toBe('-a-b-c-|', { a: '', b: add, c: update });
    });
    expect(calls.join(' ')).toBe(
      'start:default/a add:1:false start:default/a update:1>2:Updated start:default/a delete:3',
    );
    expect(indexer.size).toBe(0);
    expect(indexer.resourceVersion).toBe('3');
  });

  it('keys each object once when the queue and the Indexer share a memoized key function, though a burst is queued before its first pop', () => {
    const keyed: string[] = [];
    const keyFunc = memoizeLastKey<TestPod>((obj) => {
      keyed.push(obj.metadata.name);
      return `default/${obj.metadata.name}`;
    });
    const indexer = new Indexer<TestPod>({ keyFunc, resourceVersionFromWrites: false });
    const { calls, processor } = recorder();
    marbles().run(({ cold, expectObservable }) => {
      const inputs = cold<FifoInput<TestPod>>('-(ab)-|', {
        a: FifoInput.add(pod('a', '1')),
        b: FifoInput.add(pod('b', '2')),
      });
      const out = inputs.pipe(
        deltaFifo<TestPod>({ fifo: 'real', knownObjects: indexer, keyFunction: keyFunc }),
        applyAndDistribute<TestPod, FifoInput<TestPod>>(
          indexer,
          () => ({ resource: 'pods' }),
          'real',
          processor,
          keyFunc,
        ),
        filter((event) => event.type === 'queued'),
        map(() => ''),
      );
      expectObservable(out).toBe('-(ab)-|', { a: '', b: '' });
    });
    expect(calls.join(' ')).toBe('start:default/a add:1:false start:default/b add:2:false');
    expect(indexer.getByKey('default/b')?.metadata.resourceVersion).toBe('2');
    expect(keyed).toEqual(['a', 'b']);
  });

  it('reports a change the cache refuses as an object failure and tells the processor nothing of it', () => {
    const indexer = new Indexer<TestPod>({
      resourceVersionFromWrites: false,
      indexers: {
        broken: (obj) => {
          if (obj.metadata.name === 'bad') throw new Error('index function failed');
          return [];
        },
      },
    });
    const { calls, processor } = recorder();
    marbles().run(({ cold, expectObservable }) => {
      const inputs = cold<FifoInput<TestPod>>('-(ab)-|', {
        a: FifoInput.add(pod('bad', '1')),
        b: FifoInput.add(pod('good', '2')),
      });
      const out = inputs.pipe(
        queuedAndApplied(indexer, processor),
        filter((event) => event.type === 'queued' || event.type === 'objectError'),
        map((event) => `${event.type}|${calls.join(' ')}`),
      );
      expectObservable(out).toBe('-(abc)|', {
        a: 'queued|',
        b: 'queued|',
        c: 'objectError|start:default/bad',
      });
    });
    expect(calls.join(' ')).toBe('start:default/bad start:default/good add:2:false');
    expect(indexer.list().map((obj) => obj.metadata.name)).toEqual(['good']);
  });
});
