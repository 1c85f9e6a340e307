import type { KubeObject } from '@rxkube/store';
import type { FeedObject } from './feedProtocol.js';

/**
 * What a feed sends of each object: the fields the page shows, nothing else. The whole object
 * never goes out on a feed — containers' `env` values, annotations (`last-applied-configuration`
 * holds a whole manifest) and a Secret's `data` would otherwise reach every open tab; the page
 * fetches one object's redacted details on demand instead (see `redactObject`).
 */
export type FeedProjection = (object: KubeObject) => FeedObject;

/**
 * Keeps an object's identity: name, namespace, uid, resource version, creation and deletion
 * times. The projection of any kind the page has no columns for.
 *
 * @param object - the object as the informer has it
 * @returns a new object with those fields only
 */
export const projectMetadata: FeedProjection = (object) => ({ metadata: identity(object) });

/**
 * Keeps what the pod table, the phase cards, the namespace list and the event feed read:
 * identity, node, container count, phase and reason, and per container its readiness, restart
 * count and the reason it waits or terminated (kubectl's READY, STATUS, RESTARTS, NODE).
 *
 * @param object - a pod as the informer has it
 * @returns a new object with those fields only
 */
export const projectPod: FeedProjection = (object) => {
  const spec = record(field(object, 'spec'));
  const status = record(field(object, 'status'));
  const containers = Array.isArray(spec['containers']) ? spec['containers'] : [];
  const statuses = Array.isArray(status['containerStatuses']) ? status['containerStatuses'] : [];
  return {
    metadata: identity(object),
    spec: {
      nodeName: text(spec['nodeName']),
      // Only their number is shown (READY n/m); names would tell nothing more to the table.
      containers: containers.map(() => ({})),
    },
    status: {
      phase: text(status['phase']),
      reason: text(status['reason']),
      containerStatuses: statuses.map((c: unknown) => {
        const container = record(c);
        const state = record(container['state']);
        return {
          ready: container['ready'] === true,
          restartCount:
            typeof container['restartCount'] === 'number' ? container['restartCount'] : 0,
          state: {
            waiting: reasonOf(state['waiting']),
            terminated: reasonOf(state['terminated']),
          },
        };
      }),
    },
  };
};

function identity(object: KubeObject): NonNullable<FeedObject['metadata']> {
  const m = record(object.metadata);
  return {
    name: text(m['name']),
    namespace: text(m['namespace']),
    uid: text(m['uid']),
    resourceVersion: text(m['resourceVersion']),
    creationTimestamp: text(m['creationTimestamp']),
    deletionTimestamp: text(m['deletionTimestamp']),
  };
}

function reasonOf(value: unknown): { reason?: string | undefined } | undefined {
  return typeof value === 'object' && value !== null
    ? { reason: text((value as Record<string, unknown>)['reason']) }
    : undefined;
}

function field(object: KubeObject, name: string): unknown {
  return (object as Record<string, unknown>)[name];
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function text(value: unknown): string | undefined {
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'string' ? value : undefined;
}
