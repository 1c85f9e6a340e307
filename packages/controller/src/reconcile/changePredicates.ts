import type { Predicate } from './predicate.js';
import type { ControllerObject, ControllerObjectMeta } from './objectMeta.js';

/**
 * A predicate that passes additions and deletions, and updates for which `changed(old, new)`
 * holds on the metadata. All the built-in change predicates have this shape, as in
 * controller-runtime: they only filter updates.
 */
function updatesWhere(
  changed: (before: ControllerObjectMeta, after: ControllerObjectMeta) => boolean,
): Predicate<ControllerObject> {
  return (event) =>
    event.type !== 'update' || changed(event.oldObject.metadata ?? {}, event.object.metadata ?? {});
}

function sameRecord(
  a: Readonly<Record<string, string>> | undefined,
  b: Readonly<Record<string, string>> | undefined,
): boolean {
  const left = Object.entries(a ?? {});
  if (left.length !== Object.keys(b ?? {}).length) return false;
  return left.every(([key, value]) => b?.[key] === value);
}

/**
 * Passes updates that change `metadata.generation`, which the API server bumps when the
 * desired state (`spec`) changes but not on status or metadata writes: the usual filter for a
 * controller that writes its primary's status, so that its own write does not trigger it.
 * Kinds without a generation (ConfigMaps, Secrets on a real cluster) never pass an update:
 * combine with {@link resourceVersionChanged} through `or` if they matter. Additions and
 * deletions pass. controller-runtime's `GenerationChangedPredicate`.
 *
 * @returns the predicate
 */
export function generationChanged(): Predicate<ControllerObject> {
  return updatesWhere((before, after) => before.generation !== after.generation);
}

/**
 * Passes updates that change the labels (added, removed or changed values). Additions and
 * deletions pass. controller-runtime's `LabelChangedPredicate`.
 *
 * @returns the predicate
 */
export function labelsChanged(): Predicate<ControllerObject> {
  return updatesWhere((before, after) => !sameRecord(before.labels, after.labels));
}

/**
 * Passes updates that change the annotations. Additions and deletions pass.
 * controller-runtime's `AnnotationChangedPredicate`.
 *
 * @returns the predicate
 */
export function annotationsChanged(): Predicate<ControllerObject> {
  return updatesWhere((before, after) => !sameRecord(before.annotations, after.annotations));
}

/**
 * Passes updates whose resourceVersion changed, i.e. real writes, skipping relists that found
 * an object unchanged. Additions and deletions pass. controller-runtime's
 * `ResourceVersionChangedPredicate`.
 *
 * @returns the predicate
 */
export function resourceVersionChanged(): Predicate<ControllerObject> {
  return updatesWhere((before, after) => before.resourceVersion !== after.resourceVersion);
}
