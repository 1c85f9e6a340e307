import { drain, flushMicrotasks, track } from './promiseTurns.js';

test('track reports a promise’s value once it settles, without awaiting it', async () => {
  let resolve!: (value: number) => void;
  const tracked = track(new Promise<number>((r) => (resolve = r)));
  await flushMicrotasks();
  expect(tracked).toEqual({ settled: false });
  resolve(7);
  await flushMicrotasks();
  expect(tracked).toEqual({ settled: true, value: 7 });
});

test('track reports a rejection', async () => {
  const tracked = track(Promise.reject(new Error('no')));
  await drain();
  expect(tracked.settled).toBe(true);
  expect(tracked.error).toEqual(new Error('no'));
});

test('flushMicrotasks runs chains shorter than its rounds, drain runs any chain', async () => {
  let steps = 0;
  const chain = (length: number) => {
    let promise = Promise.resolve();
    for (let i = 0; i < length; i++) promise = promise.then(() => void steps++);
  };
  chain(3);
  await flushMicrotasks(5);
  expect(steps).toBe(3);
  chain(100);
  await flushMicrotasks(5);
  expect(steps).toBeLessThan(103);
  await drain();
  expect(steps).toBe(103);
});
