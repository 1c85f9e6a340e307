import { invalid } from '../api/status.js';
import type { KubeObject } from '../api/types.js';
import type { ResourceDefinition } from '../registry/resourceDefinition.js';
import { timestamp } from './objectMeta.js';

/** Conditions a delete must meet, as in `DeleteOptions.preconditions`. */
export interface DeletePreconditions {
  /** The stored object's resourceVersion must equal this. */
  resourceVersion?: string;
  /** The stored object's uid must equal this. */
  uid?: string;
}

/** What happens to an object's dependents (objects whose `ownerReferences` name it). */
export type PropagationPolicy = 'Background' | 'Foreground' | 'Orphan';

/** `DeleteOptions`, as a DELETE's body (or the programmatic API) gives them. */
export interface DeleteOptions {
  /** The stored object's resourceVersion/uid must still be these. */
  preconditions?: DeletePreconditions;
  /**
   * Seconds before a scheduled Pod (one with `spec.nodeName`) is gone: more than 0 only marks it
   * (`deletionTimestamp` that far ahead); the fake has no kubelet, so the test deletes it again
   * with 0, as the kubelet does once the containers stopped.
   */
  gracePeriodSeconds?: number;
  /**
   * `Background` (the default): the object goes at once, its dependents after; `Foreground`:
   * it stays, marked and with the `foregroundDeletion` finalizer, until the dependents that
   * block it are gone; `Orphan`: dependents are kept and lose their reference to it.
   */
  propagationPolicy?: PropagationPolicy;
}

/** The finalizer of a Foreground deletion, removed once the blocking dependents are gone. */
export const foregroundDeletionFinalizer = 'foregroundDeletion';
/** The finalizer of an Orphan deletion, removed once the dependents lost their reference. */
export const orphanFinalizer = 'orphan';

/** What a DELETE does to a stored object. */
export type DeletionPlan =
  | { readonly kind: 'delete' }
  | { readonly kind: 'keep' }
  | { readonly kind: 'mark'; readonly object: KubeObject };

/**
 * Decides a DELETE as kube-apiserver's registry does (`BeforeDelete`): an object with
 * finalizers (including the one its propagation policy adds) is marked with a
 * `deletionTimestamp` and kept until they are removed; a scheduled Pod with a grace period is
 * marked that far ahead; anything else is deleted at once. A DELETE of an object already being
 * deleted adds the policy's finalizer if new, deletes it when it has no finalizers left and the
 * request gives no grace period (or 0, as the kubelet does), and otherwise changes nothing.
 *
 * @param def - the resource.
 * @param previous - the stored object.
 * @param options - the request's options.
 * @param now - the request's instant.
 * @returns the plan.
 */
export function planDeletion(
  def: ResourceDefinition,
  previous: KubeObject,
  options: DeleteOptions,
  now: Date,
): DeletionPlan {
  const meta = previous.metadata;
  const finalizers = meta.finalizers ?? [];
  const added = policyFinalizer(options.propagationPolicy);
  const withPolicy =
    added === undefined || finalizers.includes(added) ? finalizers : [...finalizers, added];
  const grace = gracefulSeconds(def, previous, options);
  if (meta.deletionTimestamp !== undefined) {
    // No grace period given is a grace period of 0 here (the fake has no Pod default).
    if (withPolicy.length === 0 && (options.gracePeriodSeconds ?? 0) === 0) {
      return { kind: 'delete' };
    }
    if (withPolicy.length === finalizers.length) return { kind: 'keep' };
    return { kind: 'mark', object: { ...previous, metadata: { ...meta, finalizers: withPolicy } } };
  }
  if (withPolicy.length === 0 && grace === 0) return { kind: 'delete' };
  return {
    kind: 'mark',
    object: {
      ...previous,
      metadata: {
        ...meta,
        deletionTimestamp: timestamp(new Date(now.getTime() + grace * 1000)),
        deletionGracePeriodSeconds: grace,
        ...(withPolicy.length > 0 ? { finalizers: withPolicy } : {}),
      },
    },
  };
}

/**
 * Whether an update of an object being deleted deletes it: its last finalizer is gone and no
 * grace period is pending (kube-apiserver's `ShouldDeleteDuringUpdate`).
 *
 * @param previous - the stored object.
 * @param next - the object as the update would store it.
 * @returns true when the update is a deletion.
 */
export function deletesOnUpdate(previous: KubeObject, next: KubeObject): boolean {
  return (
    previous.metadata.deletionTimestamp !== undefined &&
    (next.metadata.finalizers ?? []).length === 0 &&
    // Only a deletion the server marked: a grace period still running, or a client that wrote
    // a deletionTimestamp of its own, keeps the object.
    previous.metadata.deletionGracePeriodSeconds === 0
  );
}

/**
 * Refuses an update that adds finalizers to an object being deleted, as kube-apiserver's
 * validation does.
 *
 * @param def - the resource.
 * @param previous - the stored object.
 * @param next - the updated object.
 * @throws StatusError 422 `Invalid` on `metadata.finalizers`.
 */
export function checkFinalizersWhileDeleting(
  def: ResourceDefinition,
  previous: KubeObject,
  next: KubeObject,
): void {
  if (previous.metadata.deletionTimestamp === undefined) return;
  const before = previous.metadata.finalizers ?? [];
  const added = (next.metadata.finalizers ?? []).filter((f) => !before.includes(f));
  if (added.length === 0) return;
  throw invalid(
    def.kind,
    previous.metadata.name ?? '',
    [
      {
        field: 'metadata.finalizers',
        message: `Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers ${JSON.stringify(added)}`,
        reason: 'FieldValueForbidden',
      },
    ],
    def.group,
  );
}

function policyFinalizer(policy: PropagationPolicy | undefined): string | undefined {
  if (policy === 'Foreground') return foregroundDeletionFinalizer;
  if (policy === 'Orphan') return orphanFinalizer;
  return undefined;
}

function gracefulSeconds(def: ResourceDefinition, obj: KubeObject, options: DeleteOptions): number {
  const scheduledPod =
    def.group === '' &&
    def.kind === 'Pod' &&
    Boolean((obj['spec'] as { nodeName?: string } | undefined)?.nodeName);
  return scheduledPod ? Math.max(0, options.gracePeriodSeconds ?? 0) : 0;
}
