import { asyncScheduler, delay, map, of, type SchedulerAction, type SchedulerLike } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { RequeueError } from '../errors.js';
import { MapStore, obj, type TestObj } from '../fixtures.testing.js';
import { deltaFifo } from './deltaFifo.js';
import { describeEvent } from './deltaFifoEvents.testing.js';
import { FifoInput } from './fifoInput.js';

const marbles = (): TestScheduler =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

/** Names the values of a marble diagram with the events' descriptions, in order: A, B, … */
const named = (...descriptions: string[]): Record<string, string> =>
  Object.fromEntries(descriptions.map((d, i) => [String.fromCharCode(65 + i), d]));

/** A scheduler that runs every action `frames` later than asked, in (virtual) time. */
const later = (frames: number): SchedulerLike => ({
  now: () => asyncScheduler.now(),
  schedule: <S>(work: (this: SchedulerAction<S>, state?: S) => void, wait = 0, state?: S) =>
    asyncScheduler.schedule(work, wait + frames, state),
});

describe('deltaFifo (marbles)', () => {
  it('coalesces a burst of inputs in one frame before the first pop', () => {
    marbles().run(({ cold, expectObservable }) => {
      const inputs = cold<FifoInput<TestObj>>('(abc) 7ms (d|)', {
        a: FifoInput.add(obj('a', 1)),
        b: FifoInput.add(obj('b', 1)),
        c: FifoInput.update(obj('a', 2)),
        d: FifoInput.update(obj('b', 2)),
      });
      expectObservable(inputs.pipe(deltaFifo<TestObj>(), map(describeEvent))).toBe(
        '(ABCDEFGHIJ)(KLMN|)',
        named(
          'depth:1',
          'queued:add:a',
          // A write before any list: synced at once.
          'synced',
          'depth:2',
          'queued:add:b',
          // `a` is queued already: the update joins its entry.
          'queued:update:a',
          'depth:1',
          'popped:a:1,2',
          'depth:0',
          'popped:b:1',
          'depth:1',
          'queued:update:b',
          'depth:0',
          'popped:b:2',
        ),
      );
    });
  });

  it('orders a relist: queued, each pop, relistApplied after the last key, then synced', () => {
    marbles().run(({ cold, expectObservable }) => {
      const inputs = cold<FifoInput<TestObj>>('a 19ms (b|)', {
        // `k` is known but no longer listed: it gets a tombstone.
        a: FifoInput.replace([obj('a', 1), obj('b', 1)], '5'),
        b: FifoInput.update(obj('b', 2)),
      });
      const knownObjects = new MapStore([obj('k', 1)]);
      expectObservable(inputs.pipe(deltaFifo<TestObj>({ knownObjects }), map(describeEvent))).toBe(
        '(ABCDEFGHIJ) 8ms (KLMN|)',
        named(
          'depth:3',
          'queued:replace:a,b,k',
          'depth:2',
          'popped:a:1',
          'depth:1',
          'popped:b:1',
          'depth:0',
          'popped:k:x',
          'relistApplied:5',
          'synced',
          'depth:1',
          'queued:update:b',
          'depth:0',
          'popped:b:2',
        ),
      );
    });
  });

  it('emits relistApplied for a list that queued nothing right after its queued', () => {
    marbles().run(({ cold, expectObservable }) => {
      const inputs = cold<FifoInput<TestObj>>('(a|)', { a: FifoInput.replace([], '3') });
      expectObservable(inputs.pipe(deltaFifo<TestObj>(), map(describeEvent))).toBe(
        '(ABC|)',
        named('queued:replace:', 'relistApplied:3', 'synced'),
      );
    });
  });

  it('makes relistApplied wait for a key a later relist queued again while it was processed', () => {
    marbles().run(({ cold, expectObservable }) => {
      const inputs = cold<FifoInput<TestObj>>('a 4ms b 9ms |', {
        a: FifoInput.replace([obj('a', 1), obj('b', 1)], '5'),
        // Arrives while `a` is processed: `a` is queued afresh, behind `b` and `k`.
        b: FifoInput.replace([obj('a', 2), obj('b', 1)], '6'),
      });
      const out = inputs.pipe(
        deltaFifo<TestObj, string>({
          knownObjects: new MapStore([obj('k', 1)]),
          // Each key takes 10 frames.
          process: (_deltas, _initial, key) => of(key).pipe(delay(10)),
        }),
        map(describeEvent),
      );
      expectObservable(out).toBe(
        '(ABC)(DE)-(FG) 6ms (HI) 6ms (JKL) 5ms (MN|)',
        named(
          'depth:3',
          'queued:replace:a,b,k',
          'depth:2',
          'depth:3',
          'queued:replace:a,b,k',
          'processed:a',
          'depth:2',
          'processed:b',
          'depth:1',
          'processed:k',
          // The initial list's three keys are done; the relist is not: `a` is queued again.
          'synced',
          'depth:0',
          'processed:a',
          'relistApplied:6',
        ),
      );
    });
  });

  it("with fifo: 'real', pops every change on its own in stream order, depth counting changes", () => {
    marbles().run(({ cold, expectObservable }) => {
      const inputs = cold<FifoInput<TestObj>>('(abc|)', {
        a: FifoInput.add(obj('a', 1)),
        b: FifoInput.add(obj('b', 1)),
        c: FifoInput.update(obj('a', 2)),
      });
      expectObservable(inputs.pipe(deltaFifo<TestObj>({ fifo: 'real' }), map(describeEvent))).toBe(
        '(ABCDEFGHIJKLM|)',
        named(
          'depth:1',
          'queued:add:a',
          'synced',
          'depth:2',
          'queued:add:b',
          // Not coalesced with `a`'s add: a change of its own.
          'depth:3',
          'queued:update:a',
          'depth:2',
          'popped:a:1',
          'depth:1',
          'popped:b:1',
          'depth:0',
          'popped:a:2',
        ),
      );
    });
  });

  it("with fifo: 'real', a relist is applied after its last change, not the first pop of its keys", () => {
    marbles().run(({ cold, expectObservable }) => {
      const inputs = cold<FifoInput<TestObj>>('(ab|)', {
        a: FifoInput.add(obj('a', 1)),
        // Queues `a` again, behind its add.
        b: FifoInput.replace([obj('a', 2)], '5'),
      });
      expectObservable(inputs.pipe(deltaFifo<TestObj>({ fifo: 'real' }), map(describeEvent))).toBe(
        '(ABCDEFGHIJ|)',
        named(
          'depth:1',
          'queued:add:a',
          'synced',
          'depth:2',
          'queued:replace:a',
          'depth:1',
          'popped:a:1',
          'depth:0',
          'popped:a:2',
          'relistApplied:5',
        ),
      );
    });
  });

  it('lets a bookmark through in stream order, queuing nothing', () => {
    marbles().run(({ cold, expectObservable }) => {
      const inputs = cold<FifoInput<TestObj>>('(abc|)', {
        a: FifoInput.add(obj('a', 1)),
        b: FifoInput.bookmark('7'),
        c: FifoInput.add(obj('b', 1)),
      });
      expectObservable(inputs.pipe(deltaFifo<TestObj>(), map(describeEvent))).toBe(
        '(ABCDEFGHIJ|)',
        named(
          'depth:1',
          'queued:add:a',
          'synced',
          'queued:bookmark:',
          'depth:2',
          'queued:add:b',
          'depth:1',
          'popped:a:1',
          'depth:0',
          'popped:b:1',
        ),
      );
    });
  });

  it('pauses on its scheduler after a requeue; inputs meanwhile wait for the pause', () => {
    marbles().run(({ cold, expectObservable }) => {
      const inputs = cold<FifoInput<TestObj>>('a 9ms b|', {
        a: FifoInput.add(obj('a', 1)),
        b: FifoInput.add(obj('b', 1)),
      });
      let failures = 0;
      const out = inputs.pipe(
        deltaFifo<TestObj, string>({
          scheduler: later(20),
          process: (_deltas, _initial, key) => {
            if (key === 'a' && failures++ === 0) throw new RequeueError();
            return [key];
          },
        }),
        map(describeEvent),
      );
      expectObservable(out).toBe(
        '(ABCDE) 3ms (FG) 6ms (HIJK|)',
        named(
          'depth:1',
          'queued:add:a',
          'synced',
          'depth:0',
          // Requeued.
          'depth:1',
          'depth:2',
          'queued:add:b',
          'depth:1',
          'processed:a',
          'depth:0',
          'processed:b',
        ),
      );
    });
  });

  it('runs every drain inside aroundDrain: the pops of one turn in one call, after a requeue too', () => {
    const log: string[] = [];
    marbles().run(({ cold, flush }) => {
      const inputs = cold<FifoInput<TestObj>>('(ab) 9ms (c|)', {
        a: FifoInput.add(obj('a', 1)),
        b: FifoInput.add(obj('b', 1)),
        c: FifoInput.update(obj('a', 2)),
      });
      let failures = 0;
      inputs
        .pipe(
          deltaFifo<TestObj, string>({
            scheduler: later(3),
            aroundDrain: (drain) => {
              log.push('[');
              drain();
              log.push(']');
            },
            process: (_deltas, _initial, key) => {
              // The second pop of `a` fails once.
              if (key === 'a' && failures++ === 1) throw new RequeueError();
              return [key];
            },
          }),
          map(describeEvent),
        )
        .subscribe((event) => {
          if (!event.startsWith('depth') && event !== 'synced') log.push(event);
        });
      flush();
    });
    expect(log).toEqual([
      'queued:add:a',
      'queued:add:b',
      '[',
      'processed:a',
      'processed:b',
      ']',
      'queued:update:a',
      // The update of `a` fails once: the pause after the requeue drains inside it too.
      '[',
      ']',
      '[',
      'processed:a',
      ']',
    ]);
  });

  it('unsubscribes the input and the running step at teardown, and emits nothing more', () => {
    marbles().run(({ cold, expectObservable, expectSubscriptions }) => {
      const inputs = cold<FifoInput<TestObj>>('a 7ms b', {
        a: FifoInput.add(obj('a', 1)),
        b: FifoInput.add(obj('b', 1)),
      });
      const step = cold<string>('20ms (x|)');
      const out = inputs.pipe(deltaFifo<TestObj, string>({ process: () => step }));
      expectObservable(out.pipe(map(describeEvent)), '^ 9ms !').toBe(
        '(ABCD)--(EF)',
        named('depth:1', 'queued:add:a', 'synced', 'depth:0', 'depth:1', 'queued:add:b'),
      );
      expectSubscriptions(inputs.subscriptions).toBe('^ 9ms !');
      expectSubscriptions(step.subscriptions).toBe('^ 9ms !');
    });
  });
});
