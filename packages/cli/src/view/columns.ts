import { formatAge } from './age.js';
import { summarizePod, type PodLike } from './podStatus.js';

/** Any Kubernetes object as the table reads it. */
export interface TableObject {
  metadata?:
    | { name?: string | undefined; namespace?: string | undefined; creationTimestamp?: unknown }
    | undefined;
}

/** The columns of one kind: headers, cell values, and which column holds the status. */
export interface ColumnSet {
  readonly headers: readonly string[];
  /** Index of the status column (for colouring), or -1. */
  readonly statusColumn: number;
  /**
   * @param obj - the object
   * @param now - the current time (ms), for ages
   * @returns its cells, one per header
   */
  cells(obj: TableObject, now: number): string[];
}

type Field = (obj: TableObject, now: number) => string;

const age: Field = (obj, now) => formatAge(iso(obj.metadata?.creationTimestamp), now);

const kinds: Record<string, { headers: string[]; fields: Field[]; status: number }> = {
  Pod: {
    headers: ['READY', 'STATUS', 'RESTARTS', 'AGE', 'NODE'],
    fields: [
      (o) => {
        const s = summarizePod(o as PodLike);
        return `${s.ready}/${s.containers}`;
      },
      (o) => summarizePod(o as PodLike).status,
      (o) => String(summarizePod(o as PodLike).restarts),
      age,
      (o) => str(get(o, 'spec', 'nodeName')) || '<none>',
    ],
    status: 1,
  },
  Deployment: {
    headers: ['READY', 'UP-TO-DATE', 'AVAILABLE', 'AGE'],
    fields: [
      (o) => `${num(get(o, 'status', 'readyReplicas'))}/${num(get(o, 'spec', 'replicas'))}`,
      (o) => String(num(get(o, 'status', 'updatedReplicas'))),
      (o) => String(num(get(o, 'status', 'availableReplicas'))),
      age,
    ],
    status: -1,
  },
  Node: {
    headers: ['STATUS', 'AGE', 'VERSION'],
    fields: [
      (o) => {
        const conditions = get(o, 'status', 'conditions');
        const ready = Array.isArray(conditions)
          ? (conditions as { type?: string; status?: string }[]).find((c) => c.type === 'Ready')
          : undefined;
        return ready?.status === 'True' ? 'Ready' : 'NotReady';
      },
      age,
      (o) =>
        str(
          (get(o, 'status', 'nodeInfo') as { kubeletVersion?: unknown } | undefined)
            ?.kubeletVersion,
        ),
    ],
    status: 0,
  },
  Namespace: {
    headers: ['STATUS', 'AGE'],
    fields: [(o) => str(get(o, 'status', 'phase')) || 'Active', age],
    status: 0,
  },
  Service: {
    headers: ['TYPE', 'CLUSTER-IP', 'AGE'],
    fields: [
      (o) => str(get(o, 'spec', 'type')) || 'ClusterIP',
      (o) => str(get(o, 'spec', 'clusterIP')) || '<none>',
      age,
    ],
    status: -1,
  },
};

/**
 * The table columns of a kind, after kubectl's default printers: NAMESPACE (when several
 * namespaces are shown) and NAME, then the kind's own columns; AGE for kinds without any.
 *
 * @param kind - e.g. `Pod`
 * @param withNamespace - whether to show the NAMESPACE column
 * @returns the columns
 */
export function columnsFor(kind: string, withNamespace: boolean): ColumnSet {
  const own = kinds[kind] ?? { headers: ['AGE'], fields: [age], status: -1 };
  const lead = withNamespace ? 2 : 1;
  return {
    headers: [...(withNamespace ? ['NAMESPACE'] : []), 'NAME', ...own.headers],
    statusColumn: own.status < 0 ? -1 : own.status + lead,
    cells: (obj, now) => [
      ...(withNamespace ? [obj.metadata?.namespace ?? ''] : []),
      obj.metadata?.name ?? '',
      ...own.fields.map((field) => field(obj, now)),
    ],
  };
}

function get(obj: TableObject, section: string, field: string): unknown {
  const part = (obj as Record<string, unknown>)[section];
  return typeof part === 'object' && part !== null
    ? (part as Record<string, unknown>)[field]
    : undefined;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function num(value: unknown): number {
  return typeof value === 'number' ? value : 0;
}

function iso(value: unknown): string | undefined {
  return value instanceof Date
    ? value.toISOString()
    : typeof value === 'string'
      ? value
      : undefined;
}
