import { FifoInput } from '@rxkube/queue';
import { TestScheduler } from 'rxjs/testing';
import { listsToReplace, type ReflectorInput } from './listsToReplace.js';
import { ReflectorEvent } from './reflectorEvent.js';
import { pod } from './testSupport/pods.testing.js';

const marbles = (): TestScheduler =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

const a = pod('a', '1');
const b = pod('b', '2');
const c = pod('c', '3');
const events = {
  s: ReflectorEvent.listStart,
  a: ReflectorEvent.listItem(a),
  b: ReflectorEvent.listItem(b),
  c: ReflectorEvent.listItem(c),
  d: ReflectorEvent.listDone('10'),
  e: ReflectorEvent.listDone('20'),
  u: FifoInput.update(pod('a', '11')),
  k: ReflectorEvent.bookmark('12'),
};

describe('listsToReplace (marbles)', () => {
  it('gathers a list into one replace at its listDone and passes watch events and bookmarks on in order', () => {
    marbles().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-s-a-b-d-u-k-|', events);
      expectObservable(source.pipe(listsToReplace())).toBe('-------r-u-k-|', {
        r: FifoInput.replace([a, b], '10'),
        u: events.u,
        k: events.k,
      } satisfies Record<string, ReflectorInput<unknown>>);
      expectSubscriptions(source.subscriptions).toBe('^------------!');
    });
  });

  it('discards a partial list when a new list starts, so only complete lists reach the queue', () => {
    marbles().run(({ cold, expectObservable }) => {
      const source = cold('-s-a-b-s-c-e-|', events);
      expectObservable(source.pipe(listsToReplace())).toBe('-----------r-|', {
        r: FifoInput.replace([c], '20'),
      });
    });
  });

  it('emits an empty replace for an empty list (every cached object is then gone)', () => {
    marbles().run(({ cold, expectObservable }) => {
      expectObservable(cold('-s-d-|', events).pipe(listsToReplace())).toBe('---r-|', {
        r: FifoInput.replace([], '10'),
      });
    });
  });

  it('errors with a TypeError on an item outside a list, and unsubscribes its source', () => {
    marbles().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-a-s-|', events);
      expectObservable(source.pipe(listsToReplace())).toBe(
        '-#',
        undefined,
        new TypeError('listItem outside a list: no listStart came before it'),
      );
      expectSubscriptions(source.subscriptions).toBe('^!');
    });
  });

  it('gives each list its own array: a later list never writes into an earlier replace', () => {
    const replaced: (readonly unknown[])[] = [];
    marbles().run(({ cold, flush }) => {
      cold('-s-a-d-s-b-e-|', events)
        .pipe(listsToReplace())
        .subscribe((input) => {
          if (input.type === 'replace') replaced.push(input.items);
        });
      flush();
    });
    expect(replaced).toEqual([[a], [b]]);
  });
});
