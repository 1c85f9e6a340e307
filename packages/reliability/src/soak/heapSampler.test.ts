import { judgeHeap } from './heapSampler.js';

const samples = (heaps: number[]) => heaps.map((heapMb, minute) => ({ minute, heapMb, rssMb: 0 }));

test('growth is measured from the first samples after the warm-up to the last ones', () => {
  const verdict = judgeHeap(samples([50, 90, 100, 101, 104]), 2, 0.1);
  expect(verdict).toMatchObject({ baselineMb: 100, finalMb: 104, ok: true });
  expect(verdict.growth).toBeCloseTo(0.04);
});

test('more than the allowed growth after the warm-up fails', () => {
  expect(judgeHeap(samples([100, 100, 100, 115]), 1, 0.1).ok).toBe(false);
});

test('one sample caught mid-relist at either end does not decide the verdict', () => {
  const run = [300, 100, 140, 101, 99, 100, 102, 100, 101, 99, 100, 100, 98, 101, 150];
  const verdict = judgeHeap(samples(run), 1, 0.1, 5);
  expect(verdict).toMatchObject({ baselineMb: 100, finalMb: 100, ok: true });
});

test('a steady climb fails however the samples scatter', () => {
  const run = Array.from({ length: 30 }, (_, minute) => 100 + minute * 2 + (minute % 3) * 5);
  const verdict = judgeHeap(samples(run), 5, 0.1, 5);
  expect(verdict.ok).toBe(false);
  expect(verdict.growth).toBeGreaterThan(0.3);
});
