import { FifoInput, deltaFifo } from '@rxkube/queue';
import { Indexer } from '@rxkube/store';
import { map } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { applyToIndexer, type IndexerEvent } from './applyToIndexer.js';
import { ReflectorEvent } from './reflectorEvent.js';
import type { ReflectorInput } from './listsToReplace.js';
import { pod, type TestPod } from './testSupport/pods.testing.js';

// The queue's events from a real `deltaFifo` (its drain runs on the TestScheduler's virtual
// asap), applied by the operator; each output value is described together with the Indexer's
// resource version at the moment it was emitted.

const marbles = (): TestScheduler =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const context = { resource: 'pods' };

function setup(indexers = {}): Indexer<TestPod> {
  return new Indexer<TestPod>({ indexers, resourceVersionFromWrites: false });
}

/** Describes an event with the Indexer's version at the time it is emitted. */
function describe_(indexer: Indexer<TestPod>) {
  return (event: IndexerEvent<TestPod, ReflectorInput<TestPod>>): string => {
    const rv = `@${indexer.snapshot().resourceVersion}`;
    switch (event.type) {
      case 'applied':
        return `applied:${event.key}:${event.events.map((e) => e.type).join(',')}${rv}`;
      case 'queued':
        return `queued:${event.input.type}:${event.keys.join(',')}${rv}`;
      case 'objectError':
        return `failure:${event.error.stage}`;
      case 'depth':
        return `depth:${event.depth}`;
      default:
        return event.type;
    }
  };
}

const apply = (indexer: Indexer<TestPod>) =>
  [
    deltaFifo<TestPod, ReflectorInput<TestPod>>({
      knownObjects: indexer,
      emitDeltaTypeReplaced: true,
    }),
    applyToIndexer<TestPod, ReflectorInput<TestPod>>(indexer, () => context),
    map(describe_(indexer)),
  ] as const;

describe('applyToIndexer (marbles)', () => {
  it('settles the version in stream order: a@5 b@6 a@7 label the snapshot with a but not b 5, then 7', () => {
    const indexer = setup();
    marbles().run(({ cold, expectObservable }) => {
      const inputs = cold<ReflectorInput<TestPod>>('(abc)', {
        a: FifoInput.add(pod('a', '5')),
        b: FifoInput.add(pod('b', '6')),
        c: FifoInput.update(pod('a', '7')),
      });
      const [fifo, applied, described] = apply(indexer);
      expectObservable(inputs.pipe(fifo, applied, described)).toBe('(ABCDEFGHIJ)', {
        A: 'depth:1',
        B: 'queued:add:default/a@',
        C: 'synced',
        D: 'depth:2',
        E: 'queued:add:default/b@',
        F: 'queued:update:default/a@',
        G: 'depth:1',
        // Both changes of a, in one batch; b@6 is still queued, so the version stays at 5.
        H: 'applied:default/a:add,update@5',
        I: 'depth:0',
        J: 'applied:default/b:add@7',
      });
    });
  });

  it('moves the version at once for an input that queued nothing (a bookmark, an empty list)', () => {
    const indexer = setup();
    marbles().run(({ cold, expectObservable }) => {
      const inputs = cold<ReflectorInput<TestPod>>('-r----k-|', {
        r: FifoInput.replace([], '4'),
        k: ReflectorEvent.bookmark('9'),
      });
      const [fifo, applied, described] = apply(indexer);
      expectObservable(inputs.pipe(fifo, applied, described)).toBe('-(qrs)k-|', {
        q: 'queued:replace:@4',
        r: 'relistApplied',
        s: 'synced',
        k: 'queued:bookmark:@9',
      });
    });
  });

  it('applies each pop as one Indexer batch: one snapshot per key, whatever its number of changes', () => {
    const indexer = setup();
    const snapshots: unknown[] = [];
    indexer.indexer$.subscribe((snapshot) => snapshots.push(snapshot));
    marbles().run(({ cold, flush }) => {
      const inputs = cold<ReflectorInput<TestPod>>('(abcd)', {
        a: FifoInput.add(pod('a', '5')),
        b: FifoInput.update(pod('a', '6')),
        c: FifoInput.update(pod('a', '7')),
        d: FifoInput.add(pod('b', '8')),
      });
      const [fifo, applied] = apply(indexer);
      inputs.pipe(fifo, applied).subscribe();
      flush();
    });
    // The empty cache, then one snapshot per pop (a with three changes, b with one).
    expect(snapshots).toHaveLength(3);
  });

  it("skips a change the cache refuses, emitting its ObjectError before the pop; the key's other changes apply", () => {
    const indexer = setup({
      node: (obj: TestPod) => {
        if (obj.metadata.resourceVersion === '6') throw new Error('index function failed');
        return [obj.spec?.nodeName ?? ''];
      },
    });
    marbles().run(({ cold, expectObservable }) => {
      const inputs = cold<ReflectorInput<TestPod>>('(abc)', {
        a: FifoInput.add(pod('a', '5')),
        b: FifoInput.update(pod('a', '6')),
        c: FifoInput.update(pod('a', '7')),
      });
      const [fifo, applied, described] = apply(indexer);
      expectObservable(inputs.pipe(fifo, applied, described)).toBe('(ABCDEFGH)', {
        A: 'depth:1',
        B: 'queued:add:default/a@',
        C: 'synced',
        D: 'queued:update:default/a@',
        E: 'queued:update:default/a@',
        F: 'depth:0',
        G: 'failure:cache',
        H: 'applied:default/a:add,update@7',
      });
    });
    expect(indexer.getByKey('default/a')?.metadata.resourceVersion).toBe('7');
  });

  it('emits every pop as the same AppliedPop, whose events are emptied once the pop is handled', () => {
    const indexer = setup();
    const seen: { pop: object; events: readonly unknown[]; count: number }[] = [];
    marbles().run(({ cold, flush }) => {
      cold<ReflectorInput<TestPod>>('(ab)', {
        a: FifoInput.add(pod('a', '5')),
        b: FifoInput.add(pod('b', '6')),
      })
        .pipe(
          deltaFifo<TestPod, ReflectorInput<TestPod>>({ knownObjects: indexer }),
          applyToIndexer<TestPod, ReflectorInput<TestPod>>(indexer, () => context),
        )
        .subscribe((event) => {
          if (event.type === 'applied') {
            seen.push({ pop: event, events: event.events, count: event.events.length });
          }
        });
      flush();
    });
    expect(seen.map((s) => s.count)).toEqual([1, 1]);
    expect(seen[0]!.pop).toBe(seen[1]!.pop);
    expect(seen[0]!.events).toBe(seen[1]!.events);
    // No object is held past its pop.
    expect(seen[0]!.events).toHaveLength(0);
  });
});
