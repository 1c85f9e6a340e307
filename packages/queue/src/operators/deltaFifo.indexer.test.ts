import { DeletedFinalStateUnknown, Indexer } from '@rxkube/store';
import { Subject } from 'rxjs';
import { applyDeltas, type ResourceEvent } from '../applyDeltas.js';
import { deferred, obj, type TestObj } from '../fixtures.testing.js';
import { deltaFifo } from './deltaFifo.js';
import { processedValues } from './deltaFifoEvents.testing.js';
import { FifoInput } from './fifoInput.js';

/** One line per event, so sequences read at a glance. */
function describeEvent(event: ResourceEvent<TestObj>): string {
  switch (event.type) {
    case 'add':
      return `add ${event.obj.metadata.name}@${event.obj.value}${event.isInInitialList ? ' (initial)' : ''}`;
    case 'update':
      return `update ${event.newObj.metadata.name}@${event.oldObj.value}->${event.newObj.value} (${event.deltaType})`;
    case 'delete':
      return event.obj instanceof DeletedFinalStateUnknown
        ? `delete ${event.obj.key} (tombstone of @${event.obj.obj?.value})`
        : `delete ${event.obj.metadata.name}@${event.obj.value}`;
  }
}

describe('deltaFifo into an Indexer', () => {
  it('keeps the Indexer equal to the world through list, watch, relist and resync', async () => {
    const indexer = new Indexer<TestObj>();
    const inputs = new Subject<FifoInput<TestObj>>();
    const seen: string[] = [];
    let expected = 0;
    let reached = deferred();
    const waitForEvents = (count: number): Promise<void> => {
      expected += count;
      return seen.length >= expected ? Promise.resolve() : (reached = deferred()).promise;
    };

    const completed = deferred();
    inputs
      .pipe(
        deltaFifo({
          knownObjects: indexer,
          emitDeltaTypeReplaced: true,
          process: (deltas, isInInitialList) => applyDeltas(indexer, deltas, isInInitialList),
        }),
        processedValues(),
      )
      .subscribe({
        next: (event) => {
          seen.push(describeEvent(event));
          if (seen.length >= expected) reached.resolve();
        },
        complete: () => completed.resolve(),
      });

    // The initial list.
    let phase = waitForEvents(3);
    inputs.next(FifoInput.replace([obj('a', 1), obj('b', 1), obj('c', 1)], '10'));
    await phase;
    // Watch events.
    phase = waitForEvents(2);
    inputs.next(FifoInput.update(obj('a', 2)));
    inputs.next(FifoInput.delete(obj('b', 2)));
    await phase;
    // The watch broke; the relist no longer has c (its deletion was missed) and has a new d.
    phase = waitForEvents(3);
    inputs.next(FifoInput.replace([obj('a', 2), obj('d', 1)], '20'));
    await phase;
    // A periodic resync re-delivers what the Indexer holds.
    phase = waitForEvents(2);
    inputs.next(FifoInput.resync());
    await phase;
    inputs.complete();
    await completed.promise;

    expect(seen.slice(0, 8)).toEqual([
      'add a@1 (initial)',
      'add b@1 (initial)',
      'add c@1 (initial)',
      'update a@1->2 (Updated)',
      'delete b@2',
      'update a@2->2 (Replaced)',
      'add d@1',
      'delete c (tombstone of @1)',
    ]);
    // A resync follows the Indexer's key order, which is unspecified.
    expect(seen.slice(8).sort()).toEqual(['update a@2->2 (Sync)', 'update d@1->1 (Sync)']);
    expect(
      [...indexer.list()].sort((x, y) => x.metadata.name.localeCompare(y.metadata.name)),
    ).toEqual([obj('a', 2), obj('d', 1)]);
  });
});
