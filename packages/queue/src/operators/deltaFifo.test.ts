import { jest } from '@jest/globals';
import { KeyError } from '@rxkube/store';
import {
  NEVER,
  Subject,
  VirtualTimeScheduler,
  filter,
  finalize,
  firstValueFrom,
  lastValueFrom,
  of,
  tap,
  throwError,
  toArray,
  type Observable,
} from 'rxjs';
import { DeltaType, type Deltas } from '../deltas.js';
import { RequeueError } from '../errors.js';
import { deferred, obj, settle, type TestObj } from '../fixtures.testing.js';
import { deltaFifo } from './deltaFifo.js';
import type { DeltaFifoSkipped } from './deltaFifoEvent.js';
import { poppedOnly, processedValues } from './deltaFifoEvents.testing.js';
import { FifoInput } from './fifoInput.js';

const { Added, Updated } = DeltaType;
const values = (d: Deltas<TestObj>): number[] =>
  d.toArray().map((delta) => (delta.object as TestObj).value);
const keyOf = (d: Deltas<TestObj>): string => (d.newest()?.object as TestObj).metadata.name;

describe('deltaFifo', () => {
  it('emits each key’s changes, coalesced, then completes when the input completes', async () => {
    const out = await lastValueFrom(
      of(
        FifoInput.add(obj('a', 1)),
        FifoInput.add(obj('b', 1)),
        FifoInput.update(obj('a', 2)),
      ).pipe(deltaFifo<TestObj>(), poppedOnly(), toArray()),
    );
    expect(out.map(({ deltas, isInInitialList }) => [deltas.toArray(), isInInitialList])).toEqual([
      [
        [
          { type: Added, object: obj('a', 1) },
          { type: Updated, object: obj('a', 2) },
        ],
        false,
      ],
      [[{ type: Added, object: obj('b', 1) }], false],
    ]);
  });

  it('emits what the process step produces: promise, array or Observable', async () => {
    const input = of(
      FifoInput.add(obj('p', 1)),
      FifoInput.add(obj('a', 1)),
      FifoInput.add(obj('o', 1)),
    );
    const out = await lastValueFrom(
      input.pipe(
        deltaFifo<TestObj, string>({
          process: (d): Promise<string> | string[] | Observable<string> => {
            const key = keyOf(d);
            if (key === 'p') return Promise.resolve('from a promise');
            if (key === 'a') return ['from', 'an array'];
            return of('from an Observable');
          },
        }),
        processedValues(),
        toArray(),
      ),
    );
    expect(out).toEqual(['from a promise', 'from', 'an array', 'from an Observable']);
  });

  it('accepts a synchronous step that returns nothing, and emits nothing for it', async () => {
    const handled: string[] = [];
    const out = await lastValueFrom(
      of(FifoInput.add(obj('a', 1)), FifoInput.add(obj('b', 1))).pipe(
        deltaFifo<TestObj, never>({
          process: (d) => {
            handled.push(keyOf(d));
          },
        }),
        processedValues(),
        toArray(),
      ),
    );
    expect(out).toEqual([]);
    expect(handled).toEqual(['a', 'b']);
  });

  it('coalesces changes that arrive during a slow step: 10,000 updates to 10 keys make 10 entries', async () => {
    const input = new Subject<FifoInput<TestObj>>();
    const slow = deferred();
    const started = deferred();
    const processed: Deltas<TestObj>[] = [];
    const done = lastValueFrom(
      input.pipe(
        deltaFifo<TestObj, Deltas<TestObj>>({
          process: async (d) => {
            processed.push(d);
            if (processed.length === 1) {
              started.resolve();
              await slow.promise;
            }
            return d;
          },
        }),
        processedValues(),
        toArray(),
      ),
    );
    input.next(FifoInput.add(obj('slow', 0)));
    await started.promise;
    for (let i = 0; i < 10_000; i++) input.next(FifoInput.update(obj(`k${i % 10}`, i)));
    slow.resolve();
    input.complete();
    const emitted = await done;

    expect(emitted).toHaveLength(11);
    expect(processed).toHaveLength(11);
    processed.slice(1).forEach((d, k) => {
      expect(keyOf(d)).toBe(`k${k}`);
      expect(values(d)).toEqual(Array.from({ length: 1000 }, (_, i) => i * 10 + k));
    });
  });

  it('keeps every key’s changes in order and loses none while steps interleave with input', async () => {
    const input = new Subject<FifoInput<TestObj>>();
    const seen = new Map<string, number[]>();
    const done = lastValueFrom(
      input.pipe(
        deltaFifo<TestObj, void>({
          process: async (d) => {
            await Promise.resolve();
            const list = seen.get(keyOf(d)) ?? [];
            list.push(...values(d));
            seen.set(keyOf(d), list);
          },
        }),
        toArray(),
      ),
    );
    for (let i = 0; i < 300; i++) {
      input.next(FifoInput.update(obj(`k${(i * 7) % 5}`, i)));
      if (i % 13 === 0) await settle();
    }
    input.complete();
    await done;
    for (let k = 0; k < 5; k++) {
      const expected = Array.from({ length: 300 }, (_, i) => i).filter((i) => (i * 7) % 5 === k);
      expect(seen.get(`k${k}`)).toEqual(expected);
    }
  });

  it('errors with the input’s error at once, dropping what is queued', async () => {
    const process = jest.fn(() => NEVER);
    const failure = new Error('watch failed');
    const input = new Subject<FifoInput<TestObj>>();
    const out = lastValueFrom(input.pipe(deltaFifo<TestObj, never>({ process })));
    input.next(FifoInput.add(obj('a', 1)));
    // `a` is being processed (forever) when `b` is queued.
    await settle();
    input.next(FifoInput.add(obj('b', 1)));
    input.error(failure);
    await expect(out).rejects.toBe(failure);
    await settle();
    expect(process).toHaveBeenCalledTimes(1);
  });

  it('errors with a processing error and unsubscribes the input', async () => {
    const failure = new Error('handler failed');
    const input = new Subject<FifoInput<TestObj>>();
    const out = lastValueFrom(
      input.pipe(
        deltaFifo<TestObj, never>({
          process: () => {
            throw failure;
          },
        }),
      ),
    );
    input.next(FifoInput.add(obj('a', 1)));
    await expect(out).rejects.toBe(failure);
    expect(input.observed).toBe(false);
  });

  it('retries a step that throws RequeueError after a scheduler turn, and goes on', async () => {
    const scheduler = new VirtualTimeScheduler();
    let attempts = 0;
    const out = lastValueFrom(
      of(FifoInput.add(obj('a', 1))).pipe(
        deltaFifo<TestObj, number>({
          scheduler,
          process: (d) => {
            attempts++;
            if (attempts === 1) throw new RequeueError(new Error('not yet'));
            return [values(d)[0] ?? -1];
          },
        }),
        processedValues(),
        toArray(),
      ),
    );
    await settle();
    expect(attempts).toBe(1);
    expect(scheduler.actions).toHaveLength(1);
    scheduler.flush();
    expect(await out).toEqual([1]);
    expect(attempts).toBe(2);
  });

  it('errors with a KeyError for an object without a key by default', async () => {
    const bad = { metadata: {} } as unknown as TestObj;
    await expect(
      lastValueFrom(of(FifoInput.add(bad)).pipe(deltaFifo<TestObj>())),
    ).rejects.toBeInstanceOf(KeyError);
  });

  it('reports and skips objects without a key with keyErrors: skip', async () => {
    const bad = { metadata: {} } as unknown as TestObj;
    const reported: DeltaFifoSkipped<FifoInput<TestObj>>[] = [];
    const inputs = [
      FifoInput.add(bad),
      FifoInput.replace([obj('a', 1), bad, obj('b', 1)], '7'),
      FifoInput.update(obj('a', 2)),
    ];
    const out = await lastValueFrom(
      of(...inputs).pipe(
        deltaFifo<TestObj>({ keyErrors: 'skip' }),
        tap((event) => event.type === 'skipped' && reported.push(event)),
        poppedOnly(),
        toArray(),
      ),
    );
    expect(reported.map(({ error, input }) => [error.obj, input])).toEqual([
      [bad, inputs[0]],
      [bad, inputs[1]],
    ]);
    expect(out.map(({ deltas }) => keyOf(deltas))).toEqual(['a', 'b']);
    // The skipped add did not populate the queue, so the replace still made the initial list.
    expect(out.map(({ isInInitialList }) => isInInitialList)).toEqual([true, true]);
  });

  it('emits synced once, after the last item of the initial list was processed', async () => {
    const log: string[] = [];
    await lastValueFrom(
      of(FifoInput.replace([obj('a', 1), obj('b', 1)], '1'), FifoInput.add(obj('c', 1))).pipe(
        deltaFifo<TestObj, never>({
          process: (d, isInInitialList) => {
            log.push(`${keyOf(d)}:${isInInitialList}`);
            return [];
          },
        }),
        tap((event) => event.type === 'synced' && log.push('synced')),
      ),
      { defaultValue: undefined },
    );
    expect(log).toEqual(['a:true', 'b:true', 'synced', 'c:false']);
  });

  it('emits synced at once when a write precedes any replace', async () => {
    const onSynced = jest.fn();
    const input = new Subject<FifoInput<TestObj>>();
    const sub = input
      .pipe(
        deltaFifo<TestObj, never>({ process: () => NEVER }),
        filter((event) => event.type === 'synced'),
      )
      .subscribe(onSynced);
    input.next(FifoInput.add(obj('a', 1)));
    expect(onSynced).toHaveBeenCalledTimes(1);
    sub.unsubscribe();
  });
});

describe('deltaFifo teardown', () => {
  it('unsubscribes the running step and the input, and processes nothing more', async () => {
    const stepFinalized = jest.fn();
    const inputFinalized = jest.fn();
    const started = deferred();
    const process = jest.fn(() => {
      started.resolve();
      return NEVER.pipe(finalize(stepFinalized));
    });
    const input = new Subject<FifoInput<TestObj>>();
    const sub = input
      .pipe(finalize(inputFinalized), deltaFifo<TestObj, never>({ process }))
      .subscribe();
    input.next(FifoInput.add(obj('a', 1)));
    input.next(FifoInput.add(obj('b', 1)));
    await started.promise;

    sub.unsubscribe();
    expect(stepFinalized).toHaveBeenCalledTimes(1);
    expect(inputFinalized).toHaveBeenCalledTimes(1);
    expect(input.observed).toBe(false);
    await settle();
    expect(process).toHaveBeenCalledTimes(1);
  });

  it('cancels the pause scheduled after a requeue', async () => {
    const scheduler = new VirtualTimeScheduler();
    const process = jest.fn(() => {
      throw new RequeueError();
    });
    const sub = of(FifoInput.add(obj('a', 1)))
      .pipe(deltaFifo<TestObj, never>({ process, scheduler }))
      .subscribe();
    await settle();
    expect(scheduler.actions).toHaveLength(1);
    sub.unsubscribe();
    expect(scheduler.actions).toHaveLength(0);
    scheduler.flush();
    await settle();
    expect(process).toHaveBeenCalledTimes(1);
  });

  it('stops at once when the downstream unsubscribes from inside a step', async () => {
    const stepFinalized = jest.fn();
    const process = jest.fn((d: Deltas<TestObj>) =>
      of(keyOf(d), 'never seen').pipe(finalize(stepFinalized)),
    );
    const first = await firstValueFrom(
      of(FifoInput.add(obj('a', 1)), FifoInput.add(obj('b', 1))).pipe(
        deltaFifo<TestObj, string>({ process }),
        processedValues(),
      ),
    );
    await settle();
    expect(first).toBe('a');
    expect(stepFinalized).toHaveBeenCalledTimes(1);
    expect(process).toHaveBeenCalledTimes(1);
  });

  it('lets the output error with the input error thrown at subscription', async () => {
    const failure = new Error('no list');
    await expect(lastValueFrom(throwError(() => failure).pipe(deltaFifo<TestObj>()))).rejects.toBe(
      failure,
    );
  });
});
