import { describe, expect, test } from '@jest/globals';
import type { ContenderName } from './contender.js';
import { Samples } from './samples.js';
import { evaluateTargets } from './targets.js';

function samplesOf(
  figures: Record<string, Partial<Record<ContenderName, Record<string, number>>>>,
) {
  const samples = new Samples();
  for (const [scenario, byContender] of Object.entries(figures)) {
    for (const [contender, metrics] of Object.entries(byContender)) {
      for (const [metric, value] of Object.entries(metrics)) {
        samples.add(scenario, contender as ContenderName, metric, value);
      }
    }
  }
  return samples;
}

const row = (targets: ReturnType<typeof evaluateTargets>, name: string) => {
  const found = targets.find((t) => t.target === name);
  if (found === undefined) throw new Error(`no target ${name}`);
  return found;
};

describe('evaluateTargets', () => {
  test('holds the sync, event and memory targets on both workloads', () => {
    const sync = {
      rxkube: { wallMs: 1_150, peakRssBytes: 640, heapPerObject: 5_400 },
      'client-node': { wallMs: 2_400, peakRssBytes: 900, heapPerObject: 7_600 },
      floor: { wallMs: 1_000, peakRssBytes: 500, heapPerObject: 5_000 },
    };
    const events = {
      rxkube: { wallMs: 5_000 },
      'client-node': { wallMs: 5_100 },
      floor: { wallMs: 4_700 },
    };
    const targets = evaluateTargets(
      samplesOf({
        'initial-sync-large': sync,
        'event-throughput': events,
        // The whole-body workload misses every target.
        'whole-body-sync': {
          ...sync,
          rxkube: { wallMs: 1_500, peakRssBytes: 700, heapPerObject: 5_600 },
        },
        'whole-body-events': { ...events, rxkube: { wallMs: 5_200 } },
      }),
      { durationSeconds: 100, complete: false },
    );
    for (const [workload, status] of [
      ['Streamed', 'PASS'],
      ['Whole body', 'FAIL'],
    ] as const) {
      expect(row(targets, `${workload}: initial sync, rxkube time vs the floor`).status).toBe(
        status,
      );
      expect(
        row(targets, `${workload}: initial sync, rxkube faster than client-node by`).status,
      ).toBe(status);
      expect(row(targets, `${workload}: events, rxkube time vs client-node`).status).toBe(status);
      expect(row(targets, `${workload}: events, rxkube time vs the floor`).status).toBe(status);
      expect(row(targets, `${workload}: peak RSS during sync, rxkube vs the floor`).status).toBe(
        status,
      );
      expect(
        row(targets, `${workload}: retained heap per cached object, rxkube vs the floor`).status,
      ).toBe(status);
    }
    expect(row(targets, 'Streamed: initial sync, rxkube time vs the floor')).toMatchObject({
      ratio: 1.15,
      measured: '1.15×',
      threshold: '≤ 1.2×',
    });
    expect(row(targets, 'byIndex(namespace): faster than a scan of the Map by').status).toBe('n/a');
  });

  test('judges the run time only for a complete run', () => {
    const samples = new Samples();
    const duration = 'The whole run (every scenario, full size) takes';
    expect(
      row(evaluateTargets(samples, { durationSeconds: 280, complete: false }), duration),
    ).toMatchObject({
      measured: '280 s',
      threshold: '≤ 300 s',
      status: 'n/a',
    });
    expect(
      row(evaluateTargets(samples, { durationSeconds: 280, complete: true }), duration).status,
    ).toBe('PASS');
    expect(
      row(evaluateTargets(samples, { durationSeconds: 422, complete: true }), duration).status,
    ).toBe('FAIL');
  });
});
