import { FifoInput } from '@rxkube/queue';
import { DeletedFinalStateUnknown } from '@rxkube/store';
import { map } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import type { ReflectorInput } from './listsToReplace.js';
import { prepareObjects } from './prepareObjects.js';
import { ReflectorEvent } from './reflectorEvent.js';
import { defectivePod, pod, type TestPod } from './testSupport/pods.testing.js';

const marbles = (): TestScheduler =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

const context = { resource: 'pods', resourceVersion: '7' };
/** Labels every pod, and fails on the pod named `broken`. */
const label = (obj: TestPod): TestPod => {
  if (obj.metadata.name === 'broken') throw new Error('cannot transform');
  return { ...obj, metadata: { ...obj.metadata, labels: { seen: 'yes' } } };
};
const labelled = (obj: TestPod): TestPod => label(obj);

/** Describes an output: the input type and names, or the failure's stage and message. */
function describe_(value: ReflectorInput<TestPod> | { type: 'objectError'; error: Error }): string {
  switch (value.type) {
    case 'objectError':
      return `failure:${value.error.message}`;
    case 'replace':
      return `replace:${value.items.map((o) => o.metadata.name).join(',')}@${value.resourceVersion}`;
    case 'bookmark':
      return `bookmark@${value.resourceVersion}`;
    default: {
      const obj = value.object;
      if (obj instanceof DeletedFinalStateUnknown) return `${value.type}:tombstone:${obj.key}`;
      const seen = obj.metadata.labels?.['seen'] === 'yes' ? '+' : '';
      const frozen = Object.isFrozen(obj) ? '*' : '';
      return `${value.type}:${obj.metadata.name}${seen}${frozen}`;
    }
  }
}

describe('prepareObjects (marbles)', () => {
  it('transforms, then freezes, the object of every list item and watch event', () => {
    marbles().run(({ cold, expectObservable }) => {
      const source = cold<ReflectorInput<TestPod>>('-r-a-u-d-|', {
        r: FifoInput.replace([pod('a', '1'), pod('b', '2')], '5'),
        a: FifoInput.add(pod('c', '6')),
        u: FifoInput.update(pod('c', '7')),
        d: FifoInput.delete(pod('a', '8')),
      });
      const prepared = source.pipe(
        prepareObjects({ transform: labelled, freeze: true, errorContext: () => context }),
        map(describe_),
      );
      expectObservable(prepared).toBe('-r-a-u-d-|', {
        r: 'replace:a,b@5',
        a: 'add:c+*',
        u: 'update:c+*',
        d: 'delete:a+*',
      });
    });
  });

  it('skips an object whose transform throws and emits its ObjectError first; a deletion goes ahead untransformed', () => {
    marbles().run(({ cold, expectObservable }) => {
      const broken = pod('broken', '3');
      const source = cold<ReflectorInput<TestPod>>('-r---u---d---|', {
        r: FifoInput.replace([pod('a', '1'), broken], '5'),
        u: FifoInput.update(broken),
        d: FifoInput.delete(broken),
      });
      const prepared = source.pipe(
        prepareObjects({ transform: label, freeze: false, errorContext: () => context }),
        map(describe_),
      );
      expectObservable(prepared).toBe('-(fr)f---(fd)|', {
        f: 'failure:pods: object default/broken skipped at transform: cannot transform',
        r: 'replace:a@5',
        d: 'delete:broken',
      });
    });
  });

  it('passes tombstones and bookmarks as they are, and an input whose object is unchanged as the same value', () => {
    const tombstone = FifoInput.delete(new DeletedFinalStateUnknown('default/a', pod('a', '1')));
    const bookmark = ReflectorEvent.bookmark('9');
    const update = FifoInput.update(Object.freeze(pod('a', '2')));
    marbles().run(({ cold, expectObservable }) => {
      const source = cold<ReflectorInput<TestPod>>('-t-b-u-|', {
        t: tombstone,
        b: bookmark,
        u: update,
      });
      // Without a transform, an already frozen object comes out as it went in.
      const prepared = source.pipe(prepareObjects({ freeze: true, errorContext: () => context }));
      expectObservable(
        prepared.pipe(
          map((value) => value === tombstone || value === bookmark || value === update),
        ),
      ).toBe('-t-t-t-|', { t: true });
    });
  });

  it('skips an object that cannot be frozen with an ObjectError naming its key; the rest goes on, and a deletion goes ahead', () => {
    // A transform can put there what JSON never holds: a typed array cannot be frozen.
    const withBytes = (obj: TestPod): TestPod =>
      obj.metadata.name === 'bytes' ? ({ ...obj, raw: new Uint8Array(4) } as TestPod) : obj;
    const failures: unknown[] = [];
    marbles().run(({ cold, expectObservable }) => {
      const source = cold<ReflectorInput<TestPod>>('-r---u---d---|', {
        r: FifoInput.replace([pod('a', '1'), pod('bytes', '2'), pod('b', '3')], '5'),
        u: FifoInput.update(pod('bytes', '6')),
        d: FifoInput.delete(pod('bytes', '7')),
      });
      const prepared = source.pipe(
        prepareObjects({ transform: withBytes, freeze: true, errorContext: () => context }),
        map((value) => {
          if (value.type === 'objectError') failures.push(value.error);
          return describe_(value);
        }),
      );
      expectObservable(prepared).toBe('-(fr)f---(fd)|', {
        f: expect.stringMatching(
          /^failure:pods: object default\/bytes skipped at freeze: .*array buffer views/,
        ) as unknown as string,
        r: 'replace:a,b@5',
        d: 'delete:bytes*',
      });
    });
    expect(failures).toHaveLength(3);
    expect(failures[0]).toMatchObject({ kind: 'object', stage: 'freeze', key: 'default/bytes' });
  });

  it('errors on a defect (here an error context that throws while a failed freeze is reported) instead of letting it escape, and unsubscribes its source', () => {
    const defective = defectivePod('x', '1');
    const errorContext = (): typeof context => {
      throw new TypeError('defect');
    };
    marbles().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold<ReflectorInput<TestPod>>('-a-b-|', {
        a: FifoInput.add(defective),
        b: FifoInput.add(pod('b', '2')),
      });
      const prepared = source.pipe(prepareObjects({ freeze: true, errorContext }));
      expectObservable(prepared).toBe('-#', undefined, new TypeError('defect'));
      expectSubscriptions(source.subscriptions).toBe('^!');
    });
  });
});
