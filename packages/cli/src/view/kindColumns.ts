import { formatAge, formatDuration } from './age.js';
import { record, text } from './jsonFields.js';
import { conditions, created, get, keyCount, num, str, strings } from './tableValues.js';
import { summarizePod, type PodLike } from './podStatus.js';
import type { ResourceColumn, TableObject } from './resourceColumns.js';

// The columns of the kinds `kubectl get` knows, and the readers they share with the generic
// columns of other resources.

/** The clock ages are measured against (ms since the epoch). */
export type Clock = () => number;

/** The columns a kind shows after NAMESPACE and NAME. */
export type Own = (clock: Clock) => ResourceColumn[];

/**
 * AGE: time since creation, sorted by creation time.
 *
 * @param clock - what ages are measured against
 * @param priority - when the column drops on narrow screens
 * @returns the column
 */
export function age(clock: Clock, priority: number): ResourceColumn {
  return {
    id: 'age',
    title: 'AGE',
    priority,
    reads: ['metadata.creationTimestamp'],
    cell: (o) => formatAge(text(o.metadata?.creationTimestamp), clock()),
    // Youngest first, as sorting by AGE ascending reads.
    sortValue: (o) => -created(o),
  };
}

/**
 * A column of text read from the object, sorted as text.
 *
 * @param id - the column's id
 * @param title - its heading
 * @param priority - when it drops on narrow screens
 * @param read - the field it reads, for the feed's projection
 * @param value - reads the value from an object
 * @param fallback - the text when there is no value
 * @returns the column
 */
export function textColumn(
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
export const eventColumns: Own = (clock) => {
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

/** The columns of each kind `kubectl get` knows, by `<kind>.<group>`. */
export const kinds: Record<string, Own> = {
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
