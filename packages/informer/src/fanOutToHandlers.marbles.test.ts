import { FifoInput, deltaFifo, type ResourceEvent } from '@rxkube/queue';
import { Indexer } from '@rxkube/store';
import { map, mergeWith } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { applyToIndexer } from './applyToIndexer.js';
import { fanOutToHandlers, type ResyncRequest } from './fanOutToHandlers.js';
import type { ReflectorInput } from './listsToReplace.js';
import { ProcessorListener } from './processorListener.js';
import type { SharedProcessor } from './sharedProcessor.js';
import { pod, type TestPod } from './testSupport/pods.testing.js';

// What the processor is told, in order, written as `distribute:key:event types` and
// `plan:keys:handler`, next to the events that caused it.

type Input = ReflectorInput<TestPod> | ResyncRequest<TestPod>;

const marbles = (): TestScheduler =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

function recorder(): {
  calls: string[];
  processor: Pick<SharedProcessor<TestPod>, 'distribute' | 'planResync'>;
} {
  const calls: string[] = [];
  return {
    calls,
    processor: {
      distribute: (key: string, events: readonly ResourceEvent<TestPod>[]) =>
        calls.push(`distribute:${key}:${events.map((e) => e.type).join(',')}`),
      planResync: (keys: readonly string[], due: ProcessorListener<TestPod>) =>
        calls.push(`plan:${keys.join(',')}:${due.name}`),
    },
  };
}

describe('fanOutToHandlers (marbles)', () => {
  it('distributes each applied pop, and plans a resync for the handler that asked, before its Syncs pop', () => {
    const indexer = new Indexer<TestPod>({ resourceVersionFromWrites: false });
    const handler = new ProcessorListener<TestPod>(
      'h',
      () => undefined,
      1000,
      () => undefined,
    );
    const { calls, processor } = recorder();
    marbles().run(({ cold, expectObservable }) => {
      const inputs = cold<Input>('-a---', { a: FifoInput.add(pod('a', '1')) });
      const resyncs = cold<Input>('--------r', { r: { type: 'resync', due: handler } });
      const fannedOut = inputs.pipe(
        mergeWith(resyncs),
        deltaFifo<TestPod, Input>({ knownObjects: indexer, emitDeltaTypeReplaced: true }),
        applyToIndexer<TestPod, Input>(indexer, () => ({ resource: 'pods' })),
        fanOutToHandlers<TestPod, Input>(processor),
        map(() => calls.join(' ')),
      );
      const afterAdd = 'distribute:default/a:add';
      const afterPlan = `${afterAdd} plan:default/a:h`;
      expectObservable(fannedOut).toBe('-(abcde)(fghi)', {
        a: '',
        b: '',
        c: '',
        d: '',
        e: afterAdd,
        f: afterAdd,
        g: afterPlan,
        h: afterPlan,
        i: `${afterPlan} distribute:default/a:update`,
      });
    });
  });
});
