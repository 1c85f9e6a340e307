import { eventually } from '@rxkube/devkit';
import { pace } from './pacer.js';

// Checks at (nearly) every turn of the event loop: the pacer's ticks are 1 ms apart.
const until = (ready: () => boolean) => eventually(ready, 'the pacer', { pollMs: 1 });

test('the rate holds over the clock however late the ticks come, and a backlog is capped', async () => {
  let now = 0;
  const counts: number[] = [];
  const pacer = pace(1_000, (count) => void counts.push(count), {
    tickMs: 1,
    maxBacklogMs: 1_000,
    clock: () => now,
  });
  const total = () => counts.reduce((a, b) => a + b, 0);
  try {
    now = 250;
    await until(() => total() >= 250);
    expect(total()).toBe(250);
    expect(pacer.skipped).toBe(0);
    // Five seconds pass between two ticks: one second's worth runs, the rest is skipped.
    now = 5_250;
    await until(() => total() > 250);
    expect(total()).toBe(1_250);
    expect(pacer.skipped).toBe(4_000);
  } finally {
    pacer.stop();
  }
});

test('returning false from the step ends the loop', async () => {
  let now = 0;
  let calls = 0;
  pace(
    100,
    () => {
      calls += 1;
      now += 10;
      return false;
    },
    { tickMs: 1, clock: () => now },
  );
  await until(() => calls > 0);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(calls).toBe(1);
});
