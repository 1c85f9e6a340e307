import { FifoInput, type FifoDelete, type FifoReplace, type FifoWrite } from '@rxkube/queue';
import { Observable, type OperatorFunction } from 'rxjs';
import type { ReflectorBookmark, ReflectorEvent } from './reflectorEvent.js';

/**
 * The Reflector's events as inputs of the `deltaFifo` operator: each list as one `replace`,
 * watch events and bookmarks as they were.
 *
 * @typeParam T - the object type
 */
export type ReflectorInput<T> = FifoReplace<T> | FifoWrite<T> | FifoDelete<T> | ReflectorBookmark;

/**
 * Gathers each list the Reflector delivers (`listStart`, `listItem`s, `listDone`) into one
 * `replace` input, emitted at `listDone` with the list's resource version; every other event
 * passes through unchanged, in order. A `listStart` before the previous list's `listDone`
 * discards the partial list: only complete lists reach the queue.
 *
 * Holds one array of the current list's items, handed on with the `replace`.
 *
 * ```
 * source: -s-i-i-d-a-|      (s listStart, i listItem, d listDone, a add)
 * output: -------r-a-|      (r replace of both items)
 * ```
 *
 * @typeParam T - the object type
 * @returns an operator from {@link ReflectorEvent}s to {@link ReflectorInput}s; it errors with
 *   a `TypeError` when a `listItem` or `listDone` arrives outside a list
 * @example
 * ```ts
 * reflector(lw)
 *   .pipe(listsToReplace(), filter((input) => input.type !== 'bookmark'), deltaFifo())
 *   .subscribe(({ key }) => console.log('changed', key));
 * ```
 */
export function listsToReplace<T>(): OperatorFunction<ReflectorEvent<T>, ReflectorInput<T>> {
  return (source) =>
    new Observable<ReflectorInput<T>>((subscriber) => {
      // The items of the list being delivered; undefined between lists.
      let items: T[] | undefined;
      return source.subscribe({
        next: (event) => {
          switch (event.type) {
            case 'listStart':
              items = [];
              return;
            case 'listItem':
              if (items === undefined) return subscriber.error(outsideList(event.type));
              items.push(event.object);
              return;
            case 'listDone': {
              if (items === undefined) return subscriber.error(outsideList(event.type));
              const list = items;
              items = undefined;
              subscriber.next(FifoInput.replace(list, event.resourceVersion));
              return;
            }
            default:
              subscriber.next(event);
          }
        },
        error: (err: unknown) => subscriber.error(err),
        complete: () => subscriber.complete(),
      });
    });
}

function outsideList(type: 'listItem' | 'listDone'): TypeError {
  return new TypeError(`${type} outside a list: no listStart came before it`);
}
