import { judgeHeap } from './heapSampler.js';

const samples = (heaps: number[]) => heaps.map((heapMb, minute) => ({ minute, heapMb, rssMb: 0 }));

test('growth is measured from the first sample after the warm-up', () => {
  const verdict = judgeHeap(samples([50, 90, 100, 101, 104]), 2, 0.1);
  expect(verdict).toMatchObject({ baselineMb: 100, finalMb: 104, ok: true });
  expect(verdict.growth).toBeCloseTo(0.04);
});

test('more than the allowed growth after the warm-up fails', () => {
  expect(judgeHeap(samples([100, 100, 100, 115]), 1, 0.1).ok).toBe(false);
});
