import { ConditionTimeoutError, eventually } from './eventually.js';

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
