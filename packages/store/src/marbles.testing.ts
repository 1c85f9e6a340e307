import { type OperatorFunction, map } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';

/** @returns a `TestScheduler` whose marble assertions compare with Jest's `toEqual` */
export function marbleScheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

/**
 * Names every value by its reference: the first distinct reference is `A`, the next `B`, and a
 * reference seen before gets its letter again. Marble assertions compare values structurally;
 * this lets them pin identity ("the same array again") as well.
 *
 * @returns an operator from values to their letters
 */
export function byReference<V>(): OperatorFunction<V, string> {
  const seen = new Map<V, string>();
  return map((value) => {
    let name = seen.get(value);
    if (name === undefined) {
      name = String.fromCharCode(65 + seen.size);
      seen.set(value, name);
    }
    return name;
  });
}
