import { jest } from '@jest/globals';
import { DeletedFinalStateUnknown } from '@rxkube/store';
import { NEVER, Subject, VirtualTimeScheduler, lastValueFrom, of, tap, toArray } from 'rxjs';
import { RequeueError } from '../errors.js';
import { MapStore, deferred, obj, settle, type TestObj } from '../fixtures.testing.js';
import { deltaFifo } from './deltaFifo.js';
import { nameOf, poppedOnly } from './deltaFifoEvents.testing.js';
import { FifoInput } from './fifoInput.js';

describe('deltaFifo queued events', () => {
  it('emits the keys each input queued, before any of them is processed', async () => {
    const log: string[] = [];
    await lastValueFrom(
      of(
        FifoInput.replace([obj('a', 1), obj('b', 1)], '1'),
        FifoInput.add(obj('c', 1)),
        FifoInput.delete(obj('gone', 1)),
        FifoInput.delete(obj('c', 1)),
        FifoInput.resync(),
      ).pipe(
        deltaFifo<TestObj, never>({
          knownObjects: new MapStore([obj('k', 1), obj('s', 1)]),
          process: (d) => void log.push(`process:${nameOf(d)}`),
        }),
        tap((e) => e.type === 'queued' && log.push(`${e.input.type}:${e.keys.join(',')}`)),
      ),
      { defaultValue: undefined },
    );
    expect(log).toEqual([
      // The known keys missing from the list get tombstones.
      'replace:a,b,k,s',
      'add:c',
      // Neither queued nor known: skipped.
      'delete:',
      'delete:c',
      // Every known key has a change queued already: a resync must not overtake it.
      'resync:',
      'process:a',
      'process:b',
      'process:k',
      'process:s',
      'process:c',
    ]);
  });

  it('emits the keys a resync queued, and only those', async () => {
    const reported: string[][] = [];
    await lastValueFrom(
      of(FifoInput.update(obj('b', 2)), FifoInput.resync()).pipe(
        deltaFifo<TestObj, never>({
          knownObjects: new MapStore([obj('a', 1), obj('b', 1), obj('c', 1)]),
          process: () => undefined,
        }),
        tap((e) => e.type === 'queued' && e.input.type === 'resync' && reported.push([...e.keys])),
      ),
      { defaultValue: undefined },
    );
    expect(reported).toEqual([['a', 'c']]);
  });

  it('emits no key for an input skipped for lack of a key; a replace emits its other objects', async () => {
    const bad = { metadata: {} } as unknown as TestObj;
    const reported: string[] = [];
    await lastValueFrom(
      of(FifoInput.add(bad), FifoInput.replace([obj('a', 1), bad], '1')).pipe(
        deltaFifo<TestObj, never>({ keyErrors: 'skip', process: () => undefined }),
        tap((e) => e.type === 'queued' && reported.push(`${e.input.type}:${e.keys.join(',')}`)),
      ),
      { defaultValue: undefined },
    );
    expect(reported).toEqual(['add:', 'replace:a']);
  });

  it('emits a key being processed that a replace found deleted, though the store never held it', async () => {
    const gate = deferred();
    const started = deferred();
    const input = new Subject<FifoInput<TestObj>>();
    const replaced: string[][] = [];
    const done = lastValueFrom(
      input.pipe(
        deltaFifo<TestObj, void>({
          // The step never writes to the store: only the queue knows `a` is being added.
          knownObjects: new MapStore<TestObj>(),
          process: async (d) => {
            if (nameOf(d) !== 'a' || replaced.length > 0) return;
            started.resolve();
            await gate.promise;
          },
        }),
        tap((e) => e.type === 'queued' && e.input.type === 'replace' && replaced.push([...e.keys])),
      ),
      { defaultValue: undefined },
    );
    input.next(FifoInput.add(obj('a', 1)));
    await started.promise;
    input.next(FifoInput.replace([obj('b', 1)], '2'));
    expect(replaced).toEqual([['b', 'a']]);
    gate.resolve();
    input.complete();
    await done;
  });

  it('errors the output when the downstream throws on a queued event', async () => {
    const failure = new Error('observer failed');
    const process = jest.fn(() => NEVER);
    await expect(
      lastValueFrom(
        of(FifoInput.add(obj('a', 1))).pipe(
          deltaFifo<TestObj, never>({ process }),
          tap((e) => {
            if (e.type === 'queued') throw failure;
          }),
        ),
      ),
    ).rejects.toBe(failure);
    await settle();
    expect(process).not.toHaveBeenCalled();
  });
});

describe('deltaFifo depth events', () => {
  it('emits the depth when it changes: before queued, and when a key is taken for processing', async () => {
    const log: string[] = [];
    const gate = deferred();
    const started = deferred();
    const input = new Subject<FifoInput<TestObj>>();
    let popped = 0;
    const done = lastValueFrom(
      input.pipe(
        deltaFifo<TestObj, void>({
          process: async (d) => {
            log.push(`process:${nameOf(d)}`);
            if (++popped > 1) return;
            started.resolve();
            await gate.promise;
          },
        }),
        tap((e) => {
          if (e.type === 'depth') log.push(`depth:${e.depth}`);
          if (e.type === 'queued') log.push(`${e.input.type}:${e.keys.join(',')}`);
        }),
      ),
      { defaultValue: undefined },
    );
    input.next(FifoInput.add(obj('a', 1)));
    input.next(FifoInput.add(obj('b', 1)));
    input.next(FifoInput.update(obj('a', 2)));
    await started.promise;
    input.next(FifoInput.update(obj('a', 3)));
    gate.resolve();
    input.complete();
    await done;
    expect(log).toEqual([
      'depth:1',
      'add:a',
      'depth:2',
      'add:b',
      // `a` was queued already: the depth did not change.
      'update:a',
      'depth:1',
      'process:a',
      // Written while `a` is processed: queued afresh.
      'depth:2',
      'update:a',
      'depth:1',
      'process:b',
      'depth:0',
      'process:a',
    ]);
  });

  it('emits the depth when a failed step’s changes are requeued', async () => {
    const scheduler = new VirtualTimeScheduler();
    const depths: number[] = [];
    let attempts = 0;
    const out = lastValueFrom(
      of(FifoInput.add(obj('a', 1))).pipe(
        deltaFifo<TestObj, never>({
          scheduler,
          process: () => {
            if (++attempts === 1) throw new RequeueError();
          },
        }),
        tap((e) => e.type === 'depth' && depths.push(e.depth)),
      ),
      { defaultValue: undefined },
    );
    await settle();
    expect(depths).toEqual([1, 0, 1]);
    scheduler.flush();
    await out;
    expect(depths).toEqual([1, 0, 1, 0]);
  });
});

describe('deltaFifo keys', () => {
  it('hands process the key the changes were queued under', async () => {
    const seen: string[] = [];
    await lastValueFrom(
      of(
        FifoInput.add(obj('a', 1)),
        FifoInput.delete(new DeletedFinalStateUnknown('ns/b', obj('b', 1))),
      ).pipe(
        deltaFifo<TestObj, never>({
          keyFunction: (o) => `ns/${o.metadata.name}`,
          knownObjects: new MapStore([obj('ns/b', 1)]),
          process: (_d, _initial, key) => void seen.push(key),
        }),
      ),
      { defaultValue: undefined },
    );
    expect(seen).toEqual(['ns/a', 'ns/b']);
  });

  it('emits the key with the popped changes when there is no process step', async () => {
    const out = await lastValueFrom(
      of(FifoInput.add(obj('a', 1)), FifoInput.add(obj('b', 1))).pipe(
        deltaFifo<TestObj>({ keyFunction: (o) => `ns/${o.metadata.name}` }),
        poppedOnly(),
        toArray(),
      ),
    );
    expect(out.map(({ key, deltas }) => [key, nameOf(deltas)])).toEqual([
      ['ns/a', 'a'],
      ['ns/b', 'b'],
    ]);
  });
});
