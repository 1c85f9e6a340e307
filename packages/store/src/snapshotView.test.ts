import { BehaviorSubject, Subject } from 'rxjs';
import { snapshotView } from './snapshotView.js';

describe('snapshotView', () => {
  it('follows the subject: current value on subscribe, then what the owner emits', () => {
    const subject = new BehaviorSubject(1);
    const view = snapshotView(subject);
    const seen: number[] = [];
    view.subscribe((v) => seen.push(v));
    subject.next(2);
    expect(seen).toEqual([1, 2]);
    expect(view.value).toBe(2);
    expect(view.getValue()).toBe(2);
    expect(view.observed).toBe(true);
  });

  it('is no Subject: readers cannot emit', () => {
    const view = snapshotView(new BehaviorSubject(1));
    expect(view).not.toBeInstanceOf(Subject);
    expect('next' in view).toBe(false);
  });

  it('reads value through current, which may be ahead of the last emission', () => {
    let state = 1;
    const subject = new BehaviorSubject(state);
    const view = snapshotView(subject, { current: () => state });
    state = 2;
    expect(view.value).toBe(2);
    expect(subject.value).toBe(1);
  });

  it('runs beforeSubscribe before the subject is subscribed, so a held-back value goes out first', () => {
    let state = 1;
    const subject = new BehaviorSubject(state);
    const view = snapshotView(subject, {
      current: () => state,
      beforeSubscribe: () => {
        if (subject.value !== state) subject.next(state);
      },
    });
    const early: number[] = [];
    view.subscribe((v) => early.push(v));
    state = 2;
    const late: number[] = [];
    view.subscribe((v) => late.push(v));
    expect(early).toEqual([1, 2]);
    expect(late).toEqual([2]);
  });

  it('throws on read once the subject was unsubscribed, as a BehaviorSubject does', () => {
    const subject = new BehaviorSubject(1);
    const view = snapshotView(subject, { current: () => 1 });
    subject.unsubscribe();
    expect(() => view.value).toThrow();
  });

  it('hands each subscription to subscribe when given, and runs its teardown on unsubscribe', () => {
    const subject = new BehaviorSubject(1);
    const log: string[] = [];
    const view = snapshotView(subject, {
      beforeSubscribe: () => log.push('before'),
      subscribe: (subscriber) => {
        log.push('subscribe');
        const inner = subject.subscribe(subscriber);
        return () => {
          inner.unsubscribe();
          log.push(`teardown, observed: ${subject.observed}`);
        };
      },
    });
    const seen: number[] = [];
    const subscription = view.subscribe((v) => seen.push(v));
    subject.next(2);
    subscription.unsubscribe();
    subject.next(3);
    expect(seen).toEqual([1, 2]);
    expect(log).toEqual(['subscribe', 'teardown, observed: false']);
  });
});
