import type { Gauge } from '@rxkube/queue';
import { defer, finalize, from, isObservable, of } from 'rxjs';
import type { Reconcile } from '../reconcile/controllerOptions.js';
import type { ControllerObject } from '../reconcile/objectMeta.js';

/**
 * Wraps a reconcile function so that `gauge` counts the calls in progress
 * (`controller_runtime_active_workers`): up from the call until its result, promise or
 * Observable settles, or the controller unsubscribes it.
 *
 * @typeParam T - the primary object type
 * @param reconcile - the reconcile function
 * @param gauge - the gauge to move
 * @returns the counting reconcile function
 */
export function countActiveWorkers<T extends ControllerObject>(
  reconcile: Reconcile<T>,
  gauge: Gauge,
): Reconcile<T> {
  return (context) =>
    defer(() => {
      gauge.inc();
      const result = reconcile(context);
      // A plain value (or nothing) is the result itself; of() keeps it one value.
      return isObservable(result) || isPromiseLike(result) ? from(result) : of(result);
    }).pipe(finalize(() => gauge.dec()));
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';
}
