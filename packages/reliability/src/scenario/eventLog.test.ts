import { DeletedFinalStateUnknown } from '@rxkube/store';
import { diffStates, EventLog, replay } from './eventLog.js';

const pod = (name: string, rv: string) => ({
  metadata: { namespace: 'a', name, resourceVersion: rv },
});

test('a sound log replays to the cache it describes', () => {
  const log = new EventLog();
  log.add(pod('x', '1'));
  log.update(pod('x', '1'), pod('x', '4'));
  log.add(pod('y', '2'));
  log.delete(pod('y', '5'));
  log.add(pod('y', '7'));
  log.delete(new DeletedFinalStateUnknown('a/x', pod('x', '4')));
  const { state, violations } = replay(log.events);
  expect(violations).toEqual([]);
  expect([...state]).toEqual([['a/y', '7']]);
});

test.each([
  [
    'a duplicate add',
    (l: EventLog) => (l.add(pod('x', '1')), l.add(pod('x', '2'))),
    'add of a key already present',
  ],
  [
    'an update of an unknown key',
    (l: EventLog) => l.update(pod('x', '1'), pod('x', '2')),
    'update of an unknown key',
  ],
  [
    'a delete of an unknown key',
    (l: EventLog) => l.delete(pod('x', '1')),
    'delete of an unknown key',
  ],
  [
    'an update whose old object was never seen',
    (l: EventLog) => (l.add(pod('x', '1')), l.update(pod('x', '2'), pod('x', '3'))),
    'old object at 2',
  ],
  [
    'a version going backwards',
    (l: EventLog) => (l.add(pod('x', '5')), l.update(pod('x', '5'), pod('x', '3'))),
    'goes back',
  ],
])('replay rejects %s', (_, write, message) => {
  const log = new EventLog();
  write(log);
  expect(replay(log.events).violations.join()).toContain(message);
});

test('diffStates names missing, extra and stale keys', () => {
  const want = new Map([
    ['a/x', '1'],
    ['a/y', '2'],
  ]);
  const got = new Map([
    ['a/y', '1'],
    ['a/z', '3'],
  ]);
  expect(diffStates(want, got)).toEqual(['missing a/x@1', 'stale a/y@1 (want 2)', 'extra a/z@3']);
});
