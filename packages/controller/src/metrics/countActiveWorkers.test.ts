import { MemoryMetrics } from '@rxkube/queue';
import { firstValueFrom, isObservable, NEVER, of } from 'rxjs';
import type { ReconcileContext } from '../reconcile/controllerOptions.js';
import type { ControllerObject } from '../reconcile/objectMeta.js';
import { countActiveWorkers } from './countActiveWorkers.js';

const labels = { controller: 'c' };
const context = {} as ReconcileContext<ControllerObject>;

function setUp() {
  const metrics = new MemoryMetrics();
  const gauge = metrics.gauge({ name: 'controller_runtime_active_workers', help: '', labels });
  return { active: () => metrics.value('controller_runtime_active_workers', labels), gauge };
}

test('counts a reconcile from its call until its promise settles, and passes its result on', async () => {
  const { active, gauge } = setUp();
  let finish: () => void = () => undefined;
  const reconcile = countActiveWorkers(
    () => new Promise((resolve) => (finish = () => resolve({ requeueAfter: 5 }))),
    gauge,
  );
  const result = reconcile(context);
  expect(isObservable(result)).toBe(true);
  const value = firstValueFrom(result as never);
  expect(active()).toBe(1);
  finish();
  await expect(value).resolves.toEqual({ requeueAfter: 5 });
  expect(active()).toBe(0);
});

test('a plain result, a throw and an unsubscribed Observable each end the count', async () => {
  const { active, gauge } = setUp();
  await expect(
    firstValueFrom(countActiveWorkers(() => undefined, gauge)(context) as never),
  ).resolves.toBeUndefined();
  const failing = countActiveWorkers(() => {
    throw new Error('boom');
  }, gauge);
  await expect(firstValueFrom(failing(context) as never)).rejects.toThrow('boom');
  expect(active()).toBe(0);
  const endless = countActiveWorkers(() => NEVER, gauge)(context) as typeof NEVER;
  const subscription = endless.subscribe();
  expect(active()).toBe(1);
  subscription.unsubscribe();
  expect(active()).toBe(0);
  await expect(
    firstValueFrom(countActiveWorkers(() => of({ requeue: true }), gauge)(context) as never),
  ).resolves.toEqual({ requeue: true });
});
