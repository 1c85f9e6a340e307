import { shrink } from './shrink.js';

test('finds the two steps that together make a run fail', async () => {
  const steps = Array.from({ length: 12 }, (_, i) => i);
  const fails = async (c: readonly number[]) => c.includes(3) && c.includes(9);
  const { items } = await shrink(steps, fails, 100);
  expect(items).toEqual([3, 9]);
});

test('shrinks to nothing when the failure needs no fault at all', async () => {
  const { items } = await shrink([1, 2, 3, 4, 5], async () => true, 100);
  expect(items).toEqual([]);
});

test('keeps the whole list when every element is needed, and respects the run budget', async () => {
  const all = [1, 2, 3, 4];
  const needsAll = async (c: readonly number[]) => c.length === all.length;
  expect((await shrink(all, needsAll, 100)).items).toEqual(all);
  const limited = await shrink(
    Array.from({ length: 64 }, (_, i) => i),
    async (c) => c.includes(7),
    5,
  );
  expect(limited.runs).toBe(5);
  expect(limited.items).toContain(7);
});
