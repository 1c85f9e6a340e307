import { from, lastValueFrom, map, toArray } from 'rxjs';
import { failureReports } from './failureReports.js';
import type { LinkOutcome } from './linkOutcome.js';

const watchFailed: LinkOutcome = {
  type: 'failed',
  verb: 'watch',
  resource: 'pods in shop',
  message: 'watch pods in shop: 500 InternalError: etcd is on fire',
};
const listFailed: LinkOutcome = { ...watchFailed, verb: 'list', message: 'list pods: refused' };

/** The lines for outcomes that happen at the given times (ms). */
function report(timeline: readonly (readonly [number, LinkOutcome])[]): Promise<string[]> {
  let now = 0;
  const outcomes = from(timeline).pipe(
    map(([at, outcome]) => {
      now = at;
      return outcome;
    }),
  );
  return lastValueFrom(
    outcomes.pipe(failureReports({ intervalMs: 60_000, now: () => now }), toArray()),
  );
}

describe('failureReports', () => {
  it('reports a failure once, then once a minute with the repeats', async () => {
    const timeline = [0, 1_000, 2_000, 30_000, 61_000, 62_000].map(
      (at) => [at, watchFailed] as const,
    );
    expect(await report(timeline)).toEqual([
      `rxkube: ${watchFailed.message}`,
      `rxkube: ${watchFailed.message} (repeated 3 times since last logged)`,
    ]);
  });

  it('reports the recovery of the verb that failed, then a new failure at once', async () => {
    expect(
      await report([
        [0, watchFailed],
        [1_000, { type: 'succeeded', verb: 'list' }], // the list never failed: nothing to say
        [2_000, { type: 'succeeded', verb: 'watch' }],
        [3_000, { type: 'succeeded', verb: 'watch' }], // already said
        [4_000, watchFailed],
        [5_000, listFailed],
        [6_000, { type: 'succeeded', verb: 'list' }],
      ]),
    ).toEqual([
      `rxkube: ${watchFailed.message}`,
      'rxkube: watch pods in shop: recovered',
      `rxkube: ${watchFailed.message}`,
      `rxkube: ${listFailed.message}`,
      'rxkube: list pods in shop: recovered',
    ]);
  });
});
