import type { PrinterColumn } from '../resources/apiResource.js';
import { formatAge, formatDuration } from './age.js';
import { record } from './jsonFields.js';
import { summarizePod, type PodLike } from './podStatus.js';
import { SimpleJsonPath, UnsupportedJsonPath } from './simpleJsonPath.js';

/** Any Kubernetes object as a table reads it. */
export interface TableObject {
  metadata?:
    | { name?: string | undefined; namespace?: string | undefined; creationTimestamp?: unknown }
    | undefined;
}

/**
 * One column of a resource's table, for the terminal and the web page alike (the shape of the
 * page's `TableColumn`).
 */
export interface ResourceColumn<T = TableObject> {
  /** Stable id, `name`, `ready`, `status`: for CSS classes, the URL and sorting. */
  readonly id: string;
  /** The header, as kubectl prints it: `UP-TO-DATE`. */
  readonly title: string;
  /** 1 = always shown; higher numbers drop first on narrow screens. */
  readonly priority: number;
  /** Whether this column holds the object's status (coloured by tone). */
  readonly status?: boolean;
  /**
   * The fields the cell reads, as dotted paths through objects and arrays
   * (`status.containerStatuses.restartCount`); `#keys` at the end reads only the keys of a map.
   * A dashboard feed sends these fields and nothing else.
   */
  readonly reads: readonly string[];
  /**
   * @param row - the object
   * @returns the cell's text
   */
  cell(row: T): string;
  /**
   * @param row - the object
   * @returns what the column sorts by, when not its text (numbers, creation times)
   */
  sortValue?(row: T): string | number;
}

/** What {@link resourceColumns} needs to know of a resource. */
export interface ColumnsSubject {
  readonly kind: string;
  readonly group?: string | undefined;
  readonly printerColumns?: readonly PrinterColumn[] | undefined;
}

/** The clock ages are measured against (ms since the epoch). */
type Clock = () => number;

type Own = (clock: Clock) => ResourceColumn[];

/**
 * The columns of a resource as `kubectl get` shows them: NAMESPACE (when several namespaces
 * are shown) and NAME, then the kind's own columns for the common kinds (pods, deployments,
 * replica sets, stateful sets, daemon sets, jobs, nodes, namespaces, services, config maps,
 * events), else a custom resource's printer columns and AGE. Used by `rxkube watch` and the
 * dashboard, so both show the same thing.
 *
 * @example
 * resourceColumns({ kind: 'Deployment', group: 'apps' }, { withNamespace: true, now: Date.now })
 *   .map((c) => c.title) // NAMESPACE NAME READY UP-TO-DATE AVAILABLE AGE
 * @param resource - kind, group, and printer columns of a custom resource
 * @param options - whether to show NAMESPACE, and the clock for ages
 * @returns the columns, in display order
 */
export function resourceColumns(
  resource: ColumnsSubject,
  options: { readonly withNamespace: boolean; readonly now: Clock },
): ResourceColumn[] {
  const own = builtIn(resource)?.(options.now) ?? genericColumns(resource, options.now);
  return [
    ...(options.withNamespace
      ? [
          textColumn(
            'namespace',
            'NAMESPACE',
            2,
            'metadata.namespace',
            (o) => o.metadata?.namespace,
          ),
        ]
      : []),
    textColumn('name', 'NAME', 1, 'metadata.name', (o) => o.metadata?.name),
    ...own,
  ];
}

/**
 * Every field a set of columns reads, plus an object's identity: what a feed sends.
 *
 * @param columns - the columns
 * @returns dotted paths, without repeats
 */
export function fieldsRead(columns: readonly ResourceColumn[]): string[] {
  return [...new Set(columns.flatMap((c) => c.reads))];
}

function builtIn(resource: ColumnsSubject): Own | undefined {
  const group = resource.group ?? '';
  const known = kinds[`${resource.kind}.${group}`];
  // events.k8s.io Events have the core one's columns under other field names.
  return known ?? (resource.kind === 'Event' ? eventColumns : undefined);
}

function age(clock: Clock, priority: number): ResourceColumn {
  return {
    id: 'age',
    title: 'AGE',
    priority,
    reads: ['metadata.creationTimestamp'],
    cell: (o) => formatAge(iso(o.metadata?.creationTimestamp), clock()),
    // Youngest first, as sorting by AGE ascending reads.
    sortValue: (o) => -created(o),
  };
}

function textColumn(
  id: string,
  title: string,
  priority: number,
  read: string,
  value: (o: TableObject) => unknown,
  fallback = '',
): ResourceColumn {
  return {
    id,
    title,
    priority,
    reads: [read],
    cell: (o) => {
      const v = value(o);
      return typeof v === 'string' && v !== '' ? v : fallback;
    },
  };
}

/** A count at a path (`status.readyReplicas`), 0 when absent; sorted as a number. */
function numberColumn(id: string, title: string, priority: number, read: string): ResourceColumn {
  const value = (o: TableObject): number => {
    let at: unknown = o;
    for (const step of read.split('.')) at = record(at)[step];
    return num(at);
  };
  return { id, title, priority, reads: [read], cell: (o) => String(value(o)), sortValue: value };
}

/** kubectl's READY of a workload: ready replicas / desired replicas. */
function readyOfReplicas(): ResourceColumn {
  return {
    id: 'ready',
    title: 'READY',
    priority: 1,
    status: true,
    reads: ['status.readyReplicas', 'spec.replicas'],
    cell: (o) => `${num(get(o, 'status', 'readyReplicas'))}/${num(get(o, 'spec', 'replicas'))}`,
  };
}

const podReads = [
  'spec.containers.name',
  'status.phase',
  'status.reason',
  'status.containerStatuses.ready',
  'status.containerStatuses.restartCount',
  'status.containerStatuses.state',
  'metadata.deletionTimestamp',
];

const pod: Own = (clock) => [
  {
    id: 'ready',
    title: 'READY',
    priority: 3,
    reads: podReads,
    cell: (o) => {
      const s = summarizePod(o as PodLike);
      return `${s.ready}/${s.containers}`;
    },
    sortValue: (o) => {
      const s = summarizePod(o as PodLike);
      // Fewest ready first, by share: 0/3 before 1/3 before 1/1 (not by the text, 1/1 < 1/3).
      return s.containers === 0 ? 1 : s.ready / s.containers;
    },
  },
  {
    id: 'status',
    title: 'STATUS',
    priority: 1,
    status: true,
    reads: podReads,
    cell: (o) => summarizePod(o as PodLike).status,
  },
  {
    id: 'restarts',
    title: 'RESTARTS',
    priority: 4,
    reads: podReads,
    cell: (o) => String(summarizePod(o as PodLike).restarts),
    sortValue: (o) => summarizePod(o as PodLike).restarts,
  },
  age(clock, 5),
  textColumn('node', 'NODE', 6, 'spec.nodeName', (o) => get(o, 'spec', 'nodeName'), '<none>'),
];

const deployment: Own = (clock) => [
  readyOfReplicas(),
  numberColumn('up-to-date', 'UP-TO-DATE', 4, 'status.updatedReplicas'),
  numberColumn('available', 'AVAILABLE', 3, 'status.availableReplicas'),
  age(clock, 5),
];

const replicaSet: Own = (clock) => [
  numberColumn('desired', 'DESIRED', 3, 'spec.replicas'),
  numberColumn('current', 'CURRENT', 4, 'status.replicas'),
  numberColumn('ready', 'READY', 1, 'status.readyReplicas'),
  age(clock, 5),
];

const statefulSet: Own = (clock) => [readyOfReplicas(), age(clock, 3)];

const daemonSet: Own = (clock) => [
  numberColumn('desired', 'DESIRED', 3, 'status.desiredNumberScheduled'),
  numberColumn('current', 'CURRENT', 5, 'status.currentNumberScheduled'),
  numberColumn('ready', 'READY', 1, 'status.numberReady'),
  numberColumn('up-to-date', 'UP-TO-DATE', 6, 'status.updatedNumberScheduled'),
  numberColumn('available', 'AVAILABLE', 4, 'status.numberAvailable'),
  {
    id: 'node-selector',
    title: 'NODE SELECTOR',
    priority: 8,
    reads: ['spec.template.spec.nodeSelector'],
    cell: (o) => {
      const template = record(get(o, 'spec', 'template'));
      const selector = record(record(template['spec'])['nodeSelector']);
      const pairs = Object.entries(selector).map(([k, v]) => `${k}=${String(v)}`);
      return pairs.length === 0 ? '<none>' : pairs.join(',');
    },
  },
  age(clock, 7),
];

const job: Own = (clock) => [
  {
    id: 'status',
    title: 'STATUS',
    priority: 1,
    status: true,
    reads: ['status.conditions.type', 'status.conditions.status', 'status.active'],
    cell: (o) => {
      const done = conditions(o).find(
        (c) => (c['type'] === 'Complete' || c['type'] === 'Failed') && c['status'] === 'True',
      );
      return done !== undefined ? String(done['type']) : 'Running';
    },
  },
  {
    id: 'completions',
    title: 'COMPLETIONS',
    priority: 3,
    reads: ['status.succeeded', 'spec.completions'],
    cell: (o) => `${num(get(o, 'status', 'succeeded'))}/${num(get(o, 'spec', 'completions')) || 1}`,
  },
  {
    id: 'duration',
    title: 'DURATION',
    priority: 4,
    reads: ['status.startTime', 'status.completionTime'],
    cell: (o) => {
      const start = Date.parse(str(get(o, 'status', 'startTime')));
      if (Number.isNaN(start)) return '';
      const end = Date.parse(str(get(o, 'status', 'completionTime')));
      return formatDuration(Math.max(0, (Number.isNaN(end) ? clock() : end) - start));
    },
  },
  age(clock, 5),
];

const node: Own = (clock) => [
  {
    id: 'status',
    title: 'STATUS',
    priority: 1,
    status: true,
    reads: ['status.conditions.type', 'status.conditions.status', 'spec.unschedulable'],
    cell: (o) => {
      const ready = conditions(o).find((c) => c['type'] === 'Ready');
      const state = ready?.['status'] === 'True' ? 'Ready' : 'NotReady';
      return get(o, 'spec', 'unschedulable') === true ? `${state},SchedulingDisabled` : state;
    },
  },
  {
    id: 'roles',
    title: 'ROLES',
    priority: 4,
    reads: ['metadata.labels'],
    cell: (o) => {
      const labels = record((o.metadata as Record<string, unknown> | undefined)?.['labels']);
      const roles = Object.keys(labels)
        .filter((l) => l.startsWith('node-role.kubernetes.io/'))
        .map((l) => l.slice('node-role.kubernetes.io/'.length));
      return roles.length === 0 ? '<none>' : roles.sort().join(',');
    },
  },
  age(clock, 3),
  textColumn(
    'version',
    'VERSION',
    5,
    'status.nodeInfo.kubeletVersion',
    (o) => record(get(o, 'status', 'nodeInfo'))['kubeletVersion'],
  ),
];

const namespace: Own = (clock) =>
  [
    textColumn('status', 'STATUS', 1, 'status.phase', (o) => get(o, 'status', 'phase'), 'Active'),
    age(clock, 3),
  ].map((c) => (c.id === 'status' ? { ...c, status: true } : c));

const service: Own = (clock) => [
  textColumn('type', 'TYPE', 5, 'spec.type', (o) => get(o, 'spec', 'type'), 'ClusterIP'),
  textColumn(
    'cluster-ip',
    'CLUSTER-IP',
    4,
    'spec.clusterIP',
    (o) => get(o, 'spec', 'clusterIP'),
    '<none>',
  ),
  {
    id: 'external-ip',
    title: 'EXTERNAL-IP',
    priority: 7,
    reads: ['status.loadBalancer.ingress', 'spec.externalIPs'],
    cell: (o) => {
      const ingress = record(get(o, 'status', 'loadBalancer'))['ingress'];
      const ips = [
        ...(Array.isArray(ingress)
          ? ingress.map((i) => str(record(i)['ip']) || str(record(i)['hostname']))
          : []),
        ...strings(get(o, 'spec', 'externalIPs')),
      ].filter((ip) => ip !== '');
      return ips.length === 0 ? '<none>' : ips.join(',');
    },
  },
  {
    id: 'ports',
    title: 'PORT(S)',
    priority: 3,
    reads: ['spec.ports.port', 'spec.ports.nodePort', 'spec.ports.protocol'],
    cell: (o) => {
      const ports = get(o, 'spec', 'ports');
      if (!Array.isArray(ports) || ports.length === 0) return '<none>';
      return ports
        .map((p) => {
          const port = record(p);
          const nodePort = typeof port['nodePort'] === 'number' ? `:${port['nodePort']}` : '';
          return `${num(port['port'])}${nodePort}/${str(port['protocol']) || 'TCP'}`;
        })
        .join(',');
    },
  },
  age(clock, 6),
];

const configMap: Own = (clock) => [
  {
    id: 'data',
    title: 'DATA',
    priority: 3,
    // Only the keys: the values are the user's configuration and no column shows them.
    reads: ['data#keys', 'binaryData#keys'],
    cell: (o) => String(keyCount(o, 'data') + keyCount(o, 'binaryData')),
    sortValue: (o) => keyCount(o, 'data') + keyCount(o, 'binaryData'),
  },
  age(clock, 4),
];

/** Core `v1` Events and `events.k8s.io` Events: LAST SEEN, TYPE, REASON, OBJECT, MESSAGE. */
const eventColumns: Own = (clock) => {
  const lastSeen = (o: TableObject): number => {
    const times = ['lastTimestamp', 'eventTime', 'deprecatedLastTimestamp', 'firstTimestamp']
      .map((f) => Date.parse(str((o as Record<string, unknown>)[f])))
      .filter((t) => !Number.isNaN(t));
    const series = Date.parse(
      str(record((o as Record<string, unknown>)['series'])['lastObservedTime']),
    );
    return Number.isNaN(series) ? (times[0] ?? created(o)) : series;
  };
  const columns: ResourceColumn[] = [
    {
      id: 'last-seen',
      title: 'LAST SEEN',
      priority: 3,
      reads: [
        'lastTimestamp',
        'eventTime',
        'deprecatedLastTimestamp',
        'firstTimestamp',
        'series.lastObservedTime',
        'metadata.creationTimestamp',
      ],
      cell: (o) => formatDuration(Math.max(0, clock() - lastSeen(o))),
      sortValue: (o) => -lastSeen(o),
    },
    {
      ...textColumn('type', 'TYPE', 1, 'type', (o) => (o as Record<string, unknown>)['type']),
      status: true,
    },
    textColumn('reason', 'REASON', 2, 'reason', (o) => (o as Record<string, unknown>)['reason']),
    {
      id: 'object',
      title: 'OBJECT',
      priority: 4,
      reads: ['involvedObject.kind', 'involvedObject.name', 'regarding.kind', 'regarding.name'],
      cell: (o) => {
        const target = record(
          (o as Record<string, unknown>)['involvedObject'] ??
            (o as Record<string, unknown>)['regarding'],
        );
        return `${str(target['kind']).toLowerCase()}/${str(target['name'])}`;
      },
    },
    textColumn(
      'message',
      'MESSAGE',
      5,
      'message',
      (o) => (o as Record<string, unknown>)['message'] ?? (o as Record<string, unknown>)['note'],
    ),
  ];
  // events.k8s.io calls the message `note`.
  return columns.map((c) => (c.id === 'message' ? { ...c, reads: ['message', 'note'] } : c));
};

const kinds: Record<string, Own> = {
  'Pod.': pod,
  'Deployment.apps': deployment,
  'ReplicaSet.apps': replicaSet,
  'StatefulSet.apps': statefulSet,
  'DaemonSet.apps': daemonSet,
  'Job.batch': job,
  'Node.': node,
  'Namespace.': namespace,
  'Service.': service,
  'ConfigMap.': configMap,
  'Event.': eventColumns,
};

/**
 * Any other resource: a custom resource's printer columns of the default table (priority 0;
 * those with a JSONPath outside {@link SimpleJsonPath}'s subset are left out, as are any named
 * NAME or NAMESPACE), then AGE unless one of them is the age already.
 */
function genericColumns(resource: ColumnsSubject, clock: Clock): ResourceColumn[] {
  const printed: ResourceColumn[] = [];
  for (const column of resource.printerColumns ?? []) {
    if ((column.priority ?? 0) > 0) continue;
    if (['NAME', 'NAMESPACE'].includes(column.name.toUpperCase())) continue;
    let path: SimpleJsonPath;
    try {
      path = new SimpleJsonPath(column.jsonPath);
    } catch (err) {
      if (err instanceof UnsupportedJsonPath) continue;
      throw err;
    }
    if (
      column.type === 'date' &&
      path.path.replace(/[{}]/g, '') === '.metadata.creationTimestamp'
    ) {
      printed.push({ ...age(clock, 3 + printed.length), title: column.name.toUpperCase() });
      continue;
    }
    printed.push(printerColumn(column, path, 3 + printed.length, clock));
  }
  const hasAge = printed.some((c) => c.id === 'age');
  return hasAge ? printed : [...printed, age(clock, 3 + printed.length)];
}

function printerColumn(
  column: PrinterColumn,
  path: SimpleJsonPath,
  priority: number,
  clock: Clock,
): ResourceColumn {
  const values = (o: TableObject): unknown[] => path.evaluate(o);
  const numeric = column.type === 'integer' || column.type === 'number';
  return {
    id: `printer-${column.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    title: column.name.toUpperCase(),
    priority,
    reads: [path.prefix.join('.')].filter((p) => p !== ''),
    cell: (o) =>
      values(o)
        .map((v) =>
          column.type === 'date' && typeof v === 'string'
            ? formatAge(v, clock())
            : typeof v === 'object' && v !== null
              ? JSON.stringify(v)
              : String(v),
        )
        .join(','),
    ...(numeric
      ? { sortValue: (o: TableObject) => Number(values(o)[0] ?? Number.NEGATIVE_INFINITY) }
      : {}),
  };
}

function conditions(o: TableObject): Record<string, unknown>[] {
  const list = get(o, 'status', 'conditions');
  return Array.isArray(list) ? list.map(record) : [];
}

function keyCount(o: TableObject, field: string): number {
  return Object.keys(record((o as Record<string, unknown>)[field])).length;
}

function created(o: TableObject): number {
  const at = Date.parse(iso(o.metadata?.creationTimestamp) ?? '');
  return Number.isNaN(at) ? 0 : at;
}

function get(o: TableObject, section: string, field: string): unknown {
  return record((o as Record<string, unknown>)[section])[field];
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : '';
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
