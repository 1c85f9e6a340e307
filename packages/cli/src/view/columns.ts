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
  /**
   * Columns a narrow screen leaves out, first dropped first (NAME and the status column are
   * never among them: they are cut instead).
   */
  readonly dropOrder: readonly number[];
  /**
   * Orders two objects by one column: numbers as numbers, AGE by creation time (youngest
   * first), text by code point.
   *
   * @param a - an object
   * @param b - another
   * @param column - the column's index
   * @param now - the current time (ms)
   * @returns negative, zero or positive
   */
  compare(a: TableObject, b: TableObject, column: number, now: number): number;
}

type Field = (obj: TableObject, now: number) => string;

const age: Field = (obj, now) => formatAge(iso(obj.metadata?.creationTimestamp), now);

/** A kind's own columns; `drop` names those a narrow screen leaves out, first dropped first. */
interface KindColumns {
  headers: string[];
  fields: Field[];
  status: number;
  drop: string[];
}

const kinds: Record<string, KindColumns> = {
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
    drop: ['NODE', 'AGE', 'RESTARTS', 'READY'],
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
    drop: ['AGE', 'UP-TO-DATE', 'AVAILABLE'],
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
    drop: ['VERSION', 'AGE'],
  },
  Namespace: {
    headers: ['STATUS', 'AGE'],
    fields: [(o) => str(get(o, 'status', 'phase')) || 'Active', age],
    status: 0,
    drop: ['AGE'],
  },
  Service: {
    headers: ['TYPE', 'CLUSTER-IP', 'AGE'],
    fields: [
      (o) => str(get(o, 'spec', 'type')) || 'ClusterIP',
      (o) => str(get(o, 'spec', 'clusterIP')) || '<none>',
      age,
    ],
    status: -1,
    drop: ['AGE', 'CLUSTER-IP', 'TYPE'],
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
  const own = kinds[kind] ?? { headers: ['AGE'], fields: [age], status: -1, drop: ['AGE'] };
  const lead = withNamespace ? 2 : 1;
  const headers = [...(withNamespace ? ['NAMESPACE'] : []), 'NAME', ...own.headers];
  const cells = (obj: TableObject, now: number): string[] => [
    ...(withNamespace ? [obj.metadata?.namespace ?? ''] : []),
    obj.metadata?.name ?? '',
    ...own.fields.map((field) => field(obj, now)),
  ];
  return {
    headers,
    statusColumn: own.status < 0 ? -1 : own.status + lead,
    cells,
    // The namespace goes after the kind's own columns: NAME alone still finds an object.
    dropOrder: [...own.drop, 'NAMESPACE'].map((h) => headers.indexOf(h)).filter((i) => i >= 0),
    compare: (a, b, column, now) =>
      headers[column] === 'AGE'
        ? created(b) - created(a)
        : naturalOrder.compare(cells(a, now)[column] ?? '', cells(b, now)[column] ?? ''),
  };
}

/** Numbers inside text in numeric order (`web-2` before `web-10`, `3` before `12`). */
const naturalOrder = new Intl.Collator('en', { numeric: true });

function created(obj: TableObject): number {
  const at = Date.parse(iso(obj.metadata?.creationTimestamp) ?? '');
  return Number.isNaN(at) ? 0 : at;
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
