import type { KubeObject } from '@rxkube/store';
import { record, text } from '../view/jsonFields.js';
import {
  cellValueDepth,
  fieldsRead,
  resourceColumns,
  type ColumnsSubject,
} from '../view/resourceColumns.js';
import { depthLimited } from '../view/depthLimited.js';
import type { FeedObject } from './feedProtocol.js';

/**
 * The longest path a projection follows. A custom resource's printer columns come from the
 * cluster, so a column's path may be any length; the copy recurses once per step.
 */
const maxPathSteps = 64;

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

/**
 * The projection of a resource's feed: {@link projectPod} for pods (the phase cards, counts and
 * event feed read more than the table), else {@link projectFields} over the fields its table's
 * columns read (`resourceColumns`). A core Secret's `data` and `stringData` are never sent,
 * whatever a column asks for.
 *
 * @param resource - kind, group and printer columns
 * @returns the projection
 */
export function projectionFor(resource: ColumnsSubject): FeedProjection {
  const group = resource.group ?? '';
  if (resource.kind === 'Pod' && group === '') return projectPod;
  const columns = resourceColumns(resource, { withNamespace: true, now: Date.now });
  const secret = resource.kind === 'Secret' && group === '';
  const paths = fieldsRead(columns).filter(
    (path) => !(secret && /^(data|stringData)(\.|#|$)/.test(path)),
  );
  return projectFields(paths);
}

/**
 * Keeps an object's identity and the given fields: dotted paths through objects and through
 * every element of arrays (`spec.ports.port` keeps each port's `port`); a path ending in
 * `#keys` keeps a map's keys with empty values (a ConfigMap's DATA count without its data).
 *
 * @example
 * projectFields(['spec.replicas'])(deployment) // { metadata: {…identity}, spec: { replicas: 3 } }
 * @param paths - the fields to keep
 * @returns the projection
 */
export function projectFields(paths: readonly string[]): FeedProjection {
  const parsed = paths
    .map((path) => {
      const keysOnly = path.endsWith('#keys');
      return { steps: (keysOnly ? path.slice(0, -'#keys'.length) : path).split('.'), keysOnly };
    })
    .filter(({ steps }) => steps.length <= maxPathSteps);
  return (object) => {
    const out: Record<string, unknown> = {};
    for (const { steps, keysOnly } of parsed) copyPath(object, out, steps, keysOnly);
    // Identity last: the picked metadata fields are merged with it, never replace it.
    out['metadata'] = { ...record(out['metadata']), ...identity(object) };
    return out as FeedObject;
  };
}

/** Copies `from[steps…]` into `to`, through arrays element by element. */
function copyPath(
  from: unknown,
  to: Record<string, unknown>,
  steps: string[],
  keysOnly: boolean,
): void {
  const [step, ...rest] = steps;
  if (step === undefined || typeof from !== 'object' || from === null || Array.isArray(from))
    return;
  const value = (from as Record<string, unknown>)[step];
  if (value === undefined) return;
  if (rest.length === 0) {
    to[step] = keysOnly
      ? Object.fromEntries(Object.keys(record(value)).map((k) => [k, '']))
      : // A column's value may be nested 10,000 levels deep, which the feed's JSON.stringify
        // cannot write: the feed sends what a cell shows of it.
        depthLimited(value, cellValueDepth);
    return;
  }
  if (Array.isArray(value)) {
    const existing = Array.isArray(to[step]) ? (to[step] as Record<string, unknown>[]) : [];
    to[step] = value.map((item, i) => {
      const target = existing[i] ?? {};
      copyPath(item, target, rest, keysOnly);
      return target;
    });
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const target = record(to[step]);
  to[step] = target;
  copyPath(value, target, rest, keysOnly);
}

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
