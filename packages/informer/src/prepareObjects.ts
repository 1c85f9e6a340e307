import { FifoInput } from '@rxkube/queue';
import { isDeletedFinalStateUnknown } from '@rxkube/store';
import { Observable, type OperatorFunction } from 'rxjs';
import { deepFreeze } from './deepFreeze.js';
import { ObjectError, type ErrorContext } from './errors.js';
import { objectFailure, type ObjectFailure } from './objectFailure.js';
import type { ReflectorInput } from './listsToReplace.js';

/** How {@link prepareObjects} prepares each object. */
export interface PrepareObjectsOptions<T> {
  /** Rewrites each object (client-go's `SetTransform`); it must keep the object's key. */
  readonly transform?: ((obj: T) => T) | undefined;
  /** Deep-freeze each object (see `deepFreeze`). */
  readonly freeze: boolean;
  /** The resource and version to name in an `ObjectError`, read when one is raised. */
  readonly errorContext: () => ErrorContext;
}

/**
 * Prepares the objects of the `deltaFifo` inputs before they are queued (client-go's
 * transformer): applies the transform, then deep-freezes the result. An object whose transform
 * throws, or that cannot be frozen, is skipped and an {@link ObjectFailure} (stage `transform`
 * or `freeze`, naming the object's key) is emitted in its place, except in a deletion,
 * which only needs the object's key: it goes ahead with the untransformed object rather than
 * leave a ghost in the cache. A `replace` goes ahead with the objects that could be prepared.
 * Tombstones (`DeletedFinalStateUnknown`) and bookmarks pass untouched.
 *
 * Costs nothing per watch event beyond the transform and the freeze: an input whose object
 * comes out as it went in is emitted as it is. A `replace` gets a new array of its items.
 *
 * ```
 * source: -a-b-x-|     (x: an update whose transform throws)
 * output: -A-B-f-|     (A, B: transformed and frozen; f: the ObjectFailure)
 * ```
 *
 * @typeParam T - the object type
 * @param options - transform, freeze, error context
 * @returns an operator from the Reflector's inputs to prepared inputs and failures
 * @example
 * ```ts
 * reflector(lw).pipe(
 *   listsToReplace(),
 *   prepareObjects({ transform: dropManagedFields, freeze: true, errorContext: () => ({ resource: 'pods' }) }),
 *   filter((input) => input.type !== 'objectError'),
 *   deltaFifo(),
 * );
 * ```
 */
export function prepareObjects<T>(
  options: PrepareObjectsOptions<T>,
): OperatorFunction<ReflectorInput<T>, ReflectorInput<T> | ObjectFailure> {
  const { transform, freeze, errorContext } = options;
  return (source) =>
    new Observable<ReflectorInput<T> | ObjectFailure>((subscriber) => {
      // Emits the failure before whatever goes ahead, as it happened first.
      const prepare = (obj: T, forDeletion: boolean): T | undefined => {
        let out = obj;
        if (transform !== undefined) {
          try {
            out = transform(obj);
          } catch (err) {
            subscriber.next(objectFailure(new ObjectError(obj, 'transform', errorContext(), err)));
            // A deletion only needs the key: keep it rather than leave a ghost in the cache.
            if (!forDeletion) return undefined;
            out = obj;
          }
        }
        if (!freeze) return out;
        try {
          return deepFreeze(out);
        } catch (err) {
          // JSON always freezes (at any depth: the freeze keeps its own stack); what cannot be
          // frozen came from the transform (a typed array, a proxy). Skipped like a throwing
          // transform, so that one such object does not fail the whole list again and again.
          subscriber.next(objectFailure(new ObjectError(out, 'freeze', errorContext(), err)));
          return forDeletion ? out : undefined;
        }
      };
      const onInput = (input: ReflectorInput<T>): void => {
        switch (input.type) {
          case 'replace': {
            const items: T[] = [];
            for (const item of input.items) {
              const prepared = prepare(item, false);
              if (prepared !== undefined) items.push(prepared);
            }
            return subscriber.next(FifoInput.replace(items, input.resourceVersion));
          }
          case 'add':
          case 'update': {
            const prepared = prepare(input.object, false);
            if (prepared === input.object) return subscriber.next(input);
            if (prepared !== undefined) subscriber.next({ type: input.type, object: prepared });
            return;
          }
          case 'delete': {
            if (isDeletedFinalStateUnknown(input.object)) return subscriber.next(input);
            const prepared = prepare(input.object, true) ?? input.object;
            return subscriber.next(prepared === input.object ? input : FifoInput.delete(prepared));
          }
          default:
            subscriber.next(input);
        }
      };
      return source.subscribe({
        next: (input) => {
          // A defect (a freeze that fails, say) errors the output, as in RxJS's own operators,
          // rather than escape as an unhandled error.
          try {
            onInput(input);
          } catch (err) {
            subscriber.error(err);
          }
        },
        error: (err: unknown) => subscriber.error(err),
        complete: () => subscriber.complete(),
      });
    });
}
