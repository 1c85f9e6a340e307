import { summarizePod, type PodLike } from './podStatus.js';

/** The kinds of trouble a pod can be in, in the order the dashboard shows them. */
export const podTroubleKinds = ['crashloop', 'imagepull', 'notready', 'pending'] as const;

/** A kind of trouble: crash-looping, failing to pull its image, running but not ready, pending. */
export type PodTrouble = (typeof podTroubleKinds)[number];

/** How each trouble reads on screen. */
export const podTroubleLabels: Readonly<Record<PodTrouble, string>> = {
  crashloop: 'crash-looping',
  imagepull: 'image pull',
  notready: 'not ready',
  pending: 'pending',
};

/** The waiting reasons of a container whose image cannot be pulled (kubelet's). */
const imagePullReasons = new Set(['ErrImagePull', 'ImagePullBackOff', 'InvalidImageName']);

/**
 * The troubles a pod is in; several at once (a crash-looping pod is also not ready), none for a
 * healthy, finished or terminating one.
 *
 * - `crashloop`: a container waits in `CrashLoopBackOff`;
 * - `imagepull`: a container waits in `ErrImagePull`, `ImagePullBackOff` or `InvalidImageName`;
 * - `pending`: the phase is `Pending`;
 * - `notready`: the phase is `Running` and not every container is ready.
 *
 * @param pod - the pod
 * @returns its troubles, in {@link podTroubleKinds} order
 */
export function podTroubles(pod: PodLike): PodTrouble[] {
  if (pod.metadata?.deletionTimestamp !== undefined) return [];
  const waiting = (pod.status?.containerStatuses ?? []).map((c) => c.state?.waiting?.reason);
  const summary = summarizePod(pod);
  const found = new Set<PodTrouble>();
  if (waiting.includes('CrashLoopBackOff')) found.add('crashloop');
  if (waiting.some((reason) => reason !== undefined && imagePullReasons.has(reason)))
    found.add('imagepull');
  if (summary.phase === 'Running' && summary.ready < summary.containers) found.add('notready');
  if (summary.phase === 'Pending') found.add('pending');
  return podTroubleKinds.filter((kind) => found.has(kind));
}
