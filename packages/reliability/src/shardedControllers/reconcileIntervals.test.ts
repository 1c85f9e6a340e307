import { ReconcileLog, overlaps } from './reconcileIntervals.testing.js';

test('reconciles of one key that overlap are found, across replicas and within one', () => {
  const log = new ReconcileLog();
  log.record('a', 'start', 'ns/x', 0);
  log.record('a', 'end', 'ns/x', 10);
  log.record('b', 'start', 'ns/x', 10); // starts as the other ends: no overlap
  log.record('b', 'end', 'ns/x', 20);
  log.record('a', 'start', 'ns/y', 0);
  log.record('b', 'start', 'ns/y', 5); // a still runs ns/y
  log.record('b', 'end', 'ns/y', 6);
  log.record('a', 'end', 'ns/y', 7);
  expect(
    overlaps(log.intervals()).map(({ key, first, second }) => [key, first.replica, second.replica]),
  ).toEqual([['ns/y', 'a', 'b']]);
});

test("a killed replica's unfinished reconcile lasts until its death, no longer", () => {
  const log = new ReconcileLog();
  log.record('dead', 'start', 'ns/x', 0);
  log.killed('dead', 50);
  log.record('live', 'start', 'ns/x', 60);
  log.record('live', 'end', 'ns/x', 70);
  expect(overlaps(log.intervals())).toEqual([]);
  log.record('other', 'start', 'ns/x', 40);
  log.record('other', 'end', 'ns/x', 45);
  expect(overlaps(log.intervals()).map((o) => o.second.replica)).toEqual(['other']);
  expect(log.size).toBe(3);
});
