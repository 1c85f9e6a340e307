import type { ObjectMeta, Pod } from './kubeTypes.js';

/** One row of the pods table. */
export interface PodRow {
  /** `namespace/name`: the informer's key. */
  readonly key: string;
  readonly name: string;
  readonly namespace: string;
  readonly phase: string;
  readonly restarts: number;
  readonly node: string;
  readonly age: string;
  readonly resourceVersion: string;
}

/**
 * @param obj - a namespaced object, such as a pod
 * @returns its informer key, `namespace/name`
 */
export function podKey(obj: { readonly metadata: ObjectMeta }): string {
  return `${obj.metadata.namespace ?? ''}/${obj.metadata.name ?? ''}`;
}

/**
 * @param pod - a pod
 * @param now - the current time (ms since the epoch)
 * @returns what the table shows of it: restarts summed over its containers, age as kubectl
 *   writes it
 */
export function podRow(pod: Pod, now: number): PodRow {
  const created = Date.parse(pod.metadata.creationTimestamp ?? '');
  return {
    key: podKey(pod),
    name: pod.metadata.name ?? '',
    namespace: pod.metadata.namespace ?? '',
    phase: pod.status?.phase ?? 'Unknown',
    restarts: (pod.status?.containerStatuses ?? []).reduce((n, c) => n + (c.restartCount ?? 0), 0),
    node: pod.spec?.nodeName ?? '',
    age: Number.isNaN(created) ? '' : formatAge(now - created),
    resourceVersion: pod.metadata.resourceVersion ?? '',
  };
}

/**
 * @param ms - a duration
 * @returns it in kubectl's short form, in its largest whole unit: `45s`, `12m`, `5h`, `3d`
 */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 120) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours}h`;
  return `${Math.floor(hours / 24)}d`;
}

/**
 * Orders pods by namespace, then name, for people (the cache has no order): `pod-9` before
 * `pod-10`.
 *
 * @param pods - pods in any order
 * @returns a sorted copy
 */
export function sortedPods<P extends { readonly metadata: ObjectMeta }>(pods: readonly P[]): P[] {
  return [...pods].sort((a, b) => podKey(a).localeCompare(podKey(b), 'en', { numeric: true }));
}
