import type { ControllerOptions, ReconcileContext } from './controllerOptions.js';
import { controller, type ReconcileController } from './reconcileController.js';
import type { ReconcileOutcome } from './reconcileOutcome.js';
import type { ReconcileResult } from './reconcileResult.js';
import { FakeInformer, type Thing } from './fakeInformer.testing.js';
import { VirtualClock, drain } from '@rxkube/devkit';

/** One reconcile call the test settles by hand. */
export interface PendingCall {
  readonly context: ReconcileContext<Thing>;
  readonly startedAt: number;
  resolve(result?: ReconcileResult): void;
  reject(error: unknown): void;
  settled: boolean;
}

/**
 * A controller on a {@link FakeInformer} in virtual time, whose reconcile calls wait for the
 * test to settle them (unless `reconcile` is given).
 */
export function harness(options: Partial<ControllerOptions<Thing>> = {}) {
  const clock = new VirtualClock();
  const informer = new FakeInformer(clock);
  const calls: PendingCall[] = [];
  const outcomes: ReconcileOutcome[] = [];
  const ctrl: ReconcileController<Thing> = controller<Thing>({
    name: 'test',
    for: informer,
    scheduler: clock,
    reconcile: (context) =>
      new Promise<ReconcileResult>((resolve, reject) => {
        const call: PendingCall = {
          context,
          startedAt: clock.now(),
          settled: false,
          resolve: (result) => {
            call.settled = true;
            resolve(result);
          },
          reject: (error) => {
            call.settled = true;
            reject(error);
          },
        };
        calls.push(call);
      }),
    ...options,
  });
  const failures: unknown[] = [];
  ctrl.outcomes$.subscribe({
    next: (outcome) => outcomes.push(outcome),
    error: (error: unknown) => failures.push(error),
  });
  const running = () => calls.filter((call) => !call.settled);
  const keys = () => calls.map((call) => call.context.key);
  /** Lets every reconcile, including those queued behind them, succeed. */
  const finishAll = async () => {
    await drain();
    for (let call = running()[0]; call !== undefined; call = running()[0]) {
      call.resolve();
      await drain();
    }
  };
  return { clock, informer, calls, outcomes, failures, ctrl, running, keys, finishAll };
}
