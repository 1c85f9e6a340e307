import { jest } from '@jest/globals';
import { startRxkube } from '../scenario/rxkubeClient.js';
import { runChaos } from './chaosRun.js';

// CI mode of the chaos run: 50 seeds, four faults each, over a few thousand objects. Every
// seed prints its summary line; a failing one also prints the shortest schedule that
// reproduces it.
const seeds = Number(process.env['RELIABILITY_SEEDS'] ?? 50);
jest.setTimeout(Math.max(600_000, seeds * 20_000));

test(`the informers converge on the server's state under ${seeds} seeded fault schedules`, async () => {
  const lines: string[] = [];
  const summary = await runChaos(startRxkube, {
    seedBase: 1,
    seeds,
    faultsPerSeed: 4,
    shrinkRuns: 8,
    print: (line) => {
      lines.push(line);
      process.stdout.write(`${line}\n`);
    },
  });
  expect(lines.at(-1)).toBe(`${summary.passed} passed, ${summary.failed} failed`);
  expect(summary.failures).toEqual([]);
  expect(summary.passed).toBe(seeds);
  // Every fault type was exercised somewhere in the run.
  for (const [type, n] of Object.entries(summary.scheduled)) {
    expect([type, n > 0]).toEqual([type, true]);
  }
});
