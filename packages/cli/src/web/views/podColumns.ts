import { formatAge } from '../../view/age.js';
import { summarizePod } from '../../view/podStatus.js';
import type { Pod } from '../podCache.js';
import type { TableColumn } from './virtualTable.js';

const created = (pod: Pod): number => {
  const at = Date.parse(pod.metadata?.creationTimestamp ?? '');
  return Number.isNaN(at) ? 0 : at;
};

/**
 * The pod table's columns, as `kubectl get pods -o wide` shows them. On a narrow screen NODE
 * drops first, then AGE, NAMESPACE, READY and RESTARTS; NAME and STATUS always stay.
 */
export const podColumns: readonly TableColumn<Pod>[] = [
  {
    id: 'namespace',
    title: 'Namespace',
    priority: 3,
    cell: (pod) => pod.metadata?.namespace ?? '',
  },
  { id: 'name', title: 'Name', priority: 1, cell: (pod) => pod.metadata?.name ?? '' },
  {
    id: 'ready',
    title: 'Ready',
    priority: 2,
    cell: (pod) => {
      const s = summarizePod(pod);
      return `${s.ready}/${s.containers}`;
    },
    sortValue: (pod) => {
      const s = summarizePod(pod);
      // Fewest ready first, by share: 0/3 before 1/3 before 1/1.
      return s.containers === 0 ? 1 : s.ready / s.containers;
    },
  },
  { id: 'status', title: 'Status', priority: 1, cell: (pod) => summarizePod(pod).status },
  {
    id: 'restarts',
    title: 'Restarts',
    priority: 2,
    cell: (pod) => String(summarizePod(pod).restarts),
    sortValue: (pod) => summarizePod(pod).restarts,
  },
  {
    id: 'age',
    title: 'Age',
    priority: 4,
    cell: (pod) => formatAge(pod.metadata?.creationTimestamp, Date.now()),
    // Youngest first, as the ages read: 5s before 3m.
    sortValue: (pod) => -created(pod),
  },
  { id: 'node', title: 'Node', priority: 5, cell: (pod) => pod.spec?.nodeName ?? '—' },
];
