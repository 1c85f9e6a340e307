/** The parts of a pod the status summary reads (structurally compatible with client-node's `V1Pod`). */
export interface PodLike {
  metadata?: { deletionTimestamp?: string | Date | undefined; [key: string]: unknown } | undefined;
  spec?: { nodeName?: string | undefined; containers?: readonly unknown[] | null } | undefined;
  status?:
    | {
        phase?: string | undefined;
        reason?: string | undefined;
        containerStatuses?:
          | readonly {
              ready?: boolean;
              restartCount?: number;
              state?: {
                waiting?: { reason?: string | undefined } | undefined;
                terminated?: { reason?: string | undefined } | undefined;
              };
            }[]
          | undefined;
      }
    | undefined;
}

/** What a pod row shows: kubectl's READY, STATUS and RESTARTS columns and the phase. */
interface PodSummary {
  /** `status.phase`, or `Unknown`. */
  readonly phase: string;
  /** kubectl's STATUS: a waiting or terminated reason when there is one, `Terminating`, or the phase. */
  readonly status: string;
  /** Ready containers. */
  readonly ready: number;
  /** Containers. */
  readonly containers: number;
  /** Restarts summed over containers. */
  readonly restarts: number;
}

/**
 * Summarises a pod as `kubectl get pods` does (a simplified `printPod`): the reason a container
 * waits or terminated wins over the phase, and a pod being deleted shows `Terminating`.
 *
 * @param pod - the pod
 * @returns its summary
 */
export function summarizePod(pod: PodLike): PodSummary {
  const phase = pod.status?.phase ?? 'Unknown';
  const statuses = pod.status?.containerStatuses ?? [];
  let status = pod.status?.reason ?? phase;
  let ready = 0;
  let restarts = 0;
  for (const container of statuses) {
    if (container.ready === true) ready += 1;
    restarts += container.restartCount ?? 0;
    const reason = container.state?.waiting?.reason ?? container.state?.terminated?.reason;
    if (reason !== undefined && reason !== '' && reason !== 'Completed') status = reason;
  }
  if (phase === 'Pending' && status === 'Pending' && pod.spec?.nodeName)
    status = 'ContainerCreating';
  if (pod.metadata?.deletionTimestamp !== undefined) status = 'Terminating';
  const containers = Math.max(pod.spec?.containers?.length ?? 0, statuses.length);
  return { phase, status, ready, containers, restarts };
}

/** How a status reads at a glance: good, in progress, bad, or finished. */
export type StatusTone = 'good' | 'progress' | 'bad' | 'done';

/**
 * Classifies a STATUS value for colouring: a pod's, a node's, a job's, an event's type, or a
 * workload's READY ratio.
 *
 * @param status - a STATUS such as `Running`, `CrashLoopBackOff`, `Warning` or `2/3`
 * @returns its tone
 */
export function statusTone(status: string): StatusTone {
  // A workload's READY (`2/3`): all ready reads good, fewer in progress (a rollout, a scale-up).
  const ratio = /^(\d+)\/(\d+)$/.exec(status);
  if (ratio !== null) return ratio[1] === ratio[2] ? 'good' : 'progress';
  switch (status) {
    case 'Running':
    case 'Ready':
    case 'Active':
    case 'Normal':
      return 'good';
    case 'Succeeded':
    case 'Completed':
    case 'Complete':
      return 'done';
    case 'Pending':
    case 'ContainerCreating':
    case 'PodInitializing':
    case 'Terminating':
      return 'progress';
    default:
      return 'bad';
  }
}
