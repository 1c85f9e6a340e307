import { flushMicrotasks } from '@rxkube/devkit';
import type { SchedulerAction } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { microtaskScheduler } from './microtaskScheduler.js';

describe('microtaskScheduler', () => {
  it('runs work due now in a microtask, after the synchronous code, with its state', async () => {
    const ran: string[] = [];
    microtaskScheduler.schedule((state) => ran.push(`work ${state}`), 0, 'a');
    ran.push('sync');
    await flushMicrotasks();
    expect(ran).toEqual(['sync', 'work a']);
  });

  it('runs nothing once unsubscribed', async () => {
    const ran: string[] = [];
    microtaskScheduler.schedule(() => ran.push('work')).unsubscribe();
    await flushMicrotasks();
    expect(ran).toEqual([]);
  });

  it('runs work again when it schedules itself, until it stops', async () => {
    const states: number[] = [];
    microtaskScheduler.schedule(
      function (this: SchedulerAction<number>, state = 0) {
        states.push(state);
        if (state < 2) this.schedule(state + 1);
      },
      0,
      0,
    );
    await flushMicrotasks();
    expect(states).toEqual([0, 1, 2]);
  });

  it('runs delayed work on asyncScheduler (here in the virtual time that takes it over)', () => {
    const virtual = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    const ranAt: number[] = [];
    virtual.run(() => {
      microtaskScheduler.schedule(() => ranAt.push(virtual.now()), 5);
      microtaskScheduler.schedule(() => ranAt.push(-1), 3).unsubscribe();
    });
    expect(ranAt).toEqual([5]);
  });
});
