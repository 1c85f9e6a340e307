import { jest } from '@jest/globals';
import { BehaviorSubject } from 'rxjs';
import { waitForSync } from './waitForSync.js';

describe('waitForSync', () => {
  it('resolves true once the flag turns true', async () => {
    const synced = new BehaviorSubject(false);
    const waiting = waitForSync(synced);
    synced.next(false);
    synced.next(true);
    expect(await waiting).toBe(true);
    expect(synced.observed).toBe(false);
  });

  it('resolves true at once when the flag is already true', async () => {
    expect(await waitForSync(new BehaviorSubject(true))).toBe(true);
  });

  it('resolves false when the flag completes first', async () => {
    const synced = new BehaviorSubject(false);
    const waiting = waitForSync(synced);
    synced.complete();
    expect(await waiting).toBe(false);
  });

  it('resolves false on abort, and leaves neither a subscription nor a listener behind', async () => {
    const synced = new BehaviorSubject(false);
    const controller = new AbortController();
    const removed = jest.spyOn(controller.signal, 'removeEventListener');
    const waiting = waitForSync(synced, controller.signal);
    expect(synced.observed).toBe(true);
    controller.abort();
    expect(await waiting).toBe(false);
    expect(synced.observed).toBe(false);
    expect(removed).toHaveBeenCalledWith('abort', expect.any(Function));
  });

  it('resolves false for a signal aborted already, without subscribing', async () => {
    const synced = new BehaviorSubject(false);
    const waiting = waitForSync(synced, AbortSignal.abort());
    expect(synced.observed).toBe(false);
    expect(await waiting).toBe(false);
  });
});
