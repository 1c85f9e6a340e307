import { record, text } from './jsonFields.js';
import type { ConditionSummary, ContainerSummary } from '../dashboard/feedProtocol.js';

/**
 * An object's `status.conditions`, as a detail view lists them. Values that are not strings
 * (a malformed object) are left out rather than shown as `[object Object]`.
 *
 * @param object - any Kubernetes object
 * @returns its conditions, in the object's order
 */
export function conditionsOf(object: unknown): ConditionSummary[] {
  const list = record(record(object)['status'])['conditions'];
  if (!Array.isArray(list)) return [];
  return list.map(record).map((c) => ({
    type: text(c['type']) ?? '',
    status: text(c['status']) ?? '',
    reason: text(c['reason']),
    message: text(c['message']),
    lastTransitionTime: text(c['lastTransitionTime']),
  }));
}

/**
 * A pod's containers (init containers first) with their readiness, restarts, current state and
 * the reason they last terminated (`lastState.terminated`: why a crash-looping container died).
 * Containers the spec names but no status reports yet show as `unknown`.
 *
 * @param object - a pod; any other kind gives none
 * @returns one summary per container
 */
export function containersOf(object: unknown): ContainerSummary[] {
  const spec = record(record(object)['spec']);
  const status = record(record(object)['status']);
  return [
    ...containerList(spec['initContainers'], status['initContainerStatuses'], true),
    ...containerList(spec['containers'], status['containerStatuses'], false),
  ];
}

function containerList(specs: unknown, statuses: unknown, init: boolean): ContainerSummary[] {
  const byName = new Map<string, Record<string, unknown>>();
  for (const s of Array.isArray(statuses) ? statuses.map(record) : []) {
    byName.set(text(s['name']) ?? '', s);
  }
  const names = [
    ...(Array.isArray(specs) ? specs.map((c) => text(record(c)['name']) ?? '') : []),
    ...byName.keys(),
  ];
  return [...new Set(names)].map((name) => {
    const s = byName.get(name) ?? {};
    const last = record(record(s['lastState'])['terminated']);
    const exitCode = last['exitCode'];
    return {
      name,
      image: text(s['image']),
      init,
      ready: s['ready'] === true,
      restarts: typeof s['restartCount'] === 'number' ? s['restartCount'] : 0,
      state: stateOf(record(s['state'])),
      lastTerminationReason: text(last['reason']),
      lastTerminationExitCode: typeof exitCode === 'number' ? exitCode : undefined,
    };
  });
}

function stateOf(state: Record<string, unknown>): string {
  for (const name of ['waiting', 'terminated', 'running']) {
    if (state[name] === undefined) continue;
    const reason = text(record(state[name])['reason']);
    return reason === undefined ? name : `${name}: ${reason}`;
  }
  return 'unknown';
}
