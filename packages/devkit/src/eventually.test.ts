import { ConditionTimeoutError, eventually, pollUntil } from './eventually.js';

test('resolves once the condition holds', async () => {
  let checks = 0;
  await eventually(() => ++checks === 3, 'the third check', { pollMs: 0 });
  expect(checks).toBe(3);
});

test('rejects with a typed error naming the condition when it never holds', async () => {
  const failure = eventually(() => false, 'the impossible', { timeoutMs: 0, pollMs: 0 });
  await expect(failure).rejects.toBeInstanceOf(ConditionTimeoutError);
  await expect(failure).rejects.toThrow('never happened within 0 ms: the impossible');
});

test('pollUntil answers true once the condition holds, checking it again until then', async () => {
  let checks = 0;
  await expect(pollUntil(() => ++checks === 3, { pollMs: 0 })).resolves.toBe(true);
  expect(checks).toBe(3);
});

test('pollUntil answers false instead of throwing when the condition never holds', async () => {
  let checks = 0;
  await expect(pollUntil(() => (checks += 1) < 0, { timeoutMs: 0, pollMs: 0 })).resolves.toBe(
    false,
  );
  expect(checks).toBeGreaterThanOrEqual(1);
});
