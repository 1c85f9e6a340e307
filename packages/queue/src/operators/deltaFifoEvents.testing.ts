import { DeletedFinalStateUnknown } from '@rxkube/store';
import { filter, map, type OperatorFunction } from 'rxjs';
import { objectOf, type TestObj } from '../fixtures.testing.js';
import type { PoppedDeltas } from '../poppedDeltas.js';
import type {
  DeltaFifoEvent,
  DeltaFifoProcessEvent,
  DeltaFifoProcessed,
} from './deltaFifoEvent.js';
import type { FifoInput } from './fifoInput.js';

type AnyEvent<T, I> = DeltaFifoEvent<T, I> | DeltaFifoProcessEvent<T, unknown, I>;

/** @returns an operator keeping only the `popped` events */
export function poppedOnly<T, I>(): OperatorFunction<AnyEvent<T, I>, PoppedDeltas<T>> {
  return filter((event): event is PoppedDeltas<T> => event.type === 'popped');
}

/** @returns an operator from `processed` events to their values, dropping the other events */
export function processedValues<T, R, I>(): OperatorFunction<DeltaFifoProcessEvent<T, R, I>, R> {
  return (source) =>
    source.pipe(
      filter((event): event is DeltaFifoProcessed<R> => event.type === 'processed'),
      map((event) => event.value),
    );
}

/** @returns the name of the newest object of `deltas` (a tombstone's key) */
export function nameOf(popped: PoppedDeltas<TestObj>['deltas']): string {
  const object = objectOf(popped.newest());
  return object instanceof DeletedFinalStateUnknown ? object.key : (object?.metadata.name ?? '');
}

/**
 * Describes an event in one short word, for logs and marble diagrams: `queued:add:a,b`,
 * `popped:a:1,2` (the popped objects' values, `x` for a tombstone), `depth:1`, `synced`,
 * `relistApplied:7`, `skipped:add`, `processed:a`.
 *
 * @param event - an event of `deltaFifo`
 * @returns its description
 */
export function describeEvent(event: AnyEvent<TestObj, FifoInput<TestObj>>): string {
  switch (event.type) {
    case 'queued':
      return `queued:${event.input.type}:${event.keys.join(',')}`;
    case 'popped':
      return `popped:${event.key}:${valuesOf(event.deltas).join(',')}`;
    case 'depth':
      return `depth:${event.depth}`;
    case 'synced':
      return 'synced';
    case 'relistApplied':
      return `relistApplied:${event.resourceVersion}`;
    case 'skipped':
      return `skipped:${event.input.type}`;
    case 'processed':
      return `processed:${event.key}`;
  }
}

function valuesOf(deltas: PoppedDeltas<TestObj>['deltas']): string[] {
  return deltas
    .toArray()
    .map(objectOf)
    .map((object) => (object instanceof DeletedFinalStateUnknown ? 'x' : String(object?.value)));
}
