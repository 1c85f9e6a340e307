import { from, timer } from 'rxjs';
import { concatMap } from 'rxjs/operators';
import { VirtualClock } from './virtualClock.js';

test('advance runs what is due within the step, in order, and nothing later', () => {
  const clock = new VirtualClock();
  const fired: string[] = [];
  timer(20, clock).subscribe(() => fired.push('b'));
  timer(10, clock).subscribe(() => fired.push('a'));
  timer(31, clock).subscribe(() => fired.push('c'));

  clock.advance(9);
  expect(fired).toEqual([]);
  clock.advance(21);
  expect(fired).toEqual(['a', 'b']);
  expect(clock.now()).toBe(30);
  expect(clock.pending).toBe(1);
  clock.advance(1);
  expect(fired).toEqual(['a', 'b', 'c']);
  expect(clock.pending).toBe(0);
});

test('a direct flush runs only what is due now: time moves only when advanced', () => {
  const clock = new VirtualClock();
  let fired = false;
  timer(5, clock).subscribe(() => (fired = true));
  clock.flush();
  expect(fired).toBe(false);
  expect(clock.now()).toBe(0);
  clock.advance(5);
  expect(fired).toBe(true);
});

test('pending does not count cancelled timers', () => {
  const clock = new VirtualClock();
  const subscription = timer(10, clock).subscribe();
  expect(clock.pending).toBe(1);
  subscription.unsubscribe();
  expect(clock.pending).toBe(0);
});

test('advanceAsync lets a promise started by a timer settle before the next timer fires', async () => {
  const clock = new VirtualClock();
  const seen: string[] = [];
  // A timer at 10 starts a request that resolves at once; its answer must arrive at 10,
  // before the timer at 11. The synchronous advance could not show that.
  timer(10, clock)
    .pipe(concatMap(() => from(Promise.resolve('answer'))))
    .subscribe((value) => seen.push(`${value}@${clock.now()}`));
  timer(11, clock).subscribe(() => seen.push(`timer@${clock.now()}`));

  await clock.advanceAsync(20);
  expect(seen).toEqual(['answer@10', 'timer@11']);
  expect(clock.now()).toBe(20);
});

test('until advances until the condition holds and says how long it took', async () => {
  const clock = new VirtualClock();
  let fired = false;
  timer(35, clock).subscribe(() => (fired = true));
  await expect(clock.until(() => fired, 100)).resolves.toBe(40);
});

test('until gives up after its limit of virtual time', async () => {
  const clock = new VirtualClock();
  await expect(clock.until(() => false, 50)).rejects.toThrow(
    'condition not met within 50 ms of virtual time',
  );
  expect(clock.now()).toBe(50);
});
