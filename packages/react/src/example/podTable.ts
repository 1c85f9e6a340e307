import { NamespaceIndex, type KubeObject } from '@rxkube/store';
import { createElement as h, memo, useState, type ChangeEvent, type ReactNode } from 'react';
import { useByIndex, useInformer, useInformerStatus, useList } from '../index.js';

/** The fields of a pod the table shows. */
export interface Pod extends KubeObject {
  metadata?: KubeObject['metadata'];
  spec?: { nodeName?: string };
  status?: { phase?: string };
}

const podsResource = { version: 'v1', plural: 'pods' };

const keyOf = (pod: Pod): string => `${pod.metadata?.namespace}/${pod.metadata?.name}`;

/** One row; `memo` skips it unless its pod object was replaced. */
const PodRow = memo(function PodRow({ pod }: { pod: Pod }): ReactNode {
  return h(
    'tr',
    { 'data-key': keyOf(pod), 'data-rv': pod.metadata?.resourceVersion },
    h('td', null, pod.metadata?.namespace),
    h('td', null, pod.metadata?.name),
    h('td', null, pod.status?.phase ?? ''),
    h('td', null, pod.spec?.nodeName ?? ''),
  );
});

/**
 * A live table of the cluster's pods, with a namespace filter: every pod the informer caches,
 * or those of one namespace through the namespace index.
 *
 * @returns the table and its status line
 */
export function PodTable(): ReactNode {
  const pods = useInformer<Pod>(podsResource);
  const [namespace, setNamespace] = useState('');
  const all = useList(pods);
  const inNamespace = useByIndex(pods, NamespaceIndex, namespace);
  const { hasSynced, lastError, errorCount, phase, retryAt, staleSince } = useInformerStatus(pods);

  const shown = [...(namespace === '' ? all : inNamespace)].sort((a, b) =>
    keyOf(a).localeCompare(keyOf(b), 'en', { numeric: true }),
  );
  const namespaces = [...new Set(all.map((pod) => pod.metadata?.namespace ?? ''))].sort();
  const status = hasSynced ? `${shown.length} pods` : 'Loading…';
  return h(
    'main',
    null,
    h(
      'label',
      null,
      'Namespace ',
      h(
        'select',
        {
          id: 'namespace',
          value: namespace,
          onChange: (e: ChangeEvent<HTMLSelectElement>) => setNamespace(e.target.value),
        },
        h('option', { value: '' }, 'all'),
        ...namespaces.map((ns) => h('option', { key: ns, value: ns }, ns)),
      ),
    ),
    h('p', { id: 'status', 'data-synced': String(hasSynced) }, status),
    // A cache that stopped being current says so: the table below is what was last known.
    phase !== 'backingOff' && staleSince === undefined
      ? null
      : h(
          'p',
          { id: 'liveness', 'data-phase': phase },
          [
            phase === 'backingOff' && retryAt !== undefined
              ? `Reconnecting at ${clockTime(retryAt)}`
              : 'Reconnecting',
            staleSince === undefined ? '' : ` · stale since ${clockTime(staleSince)}`,
          ].join(''),
        ),
    // The informer retries by itself: a failure is news, not a dead end.
    lastError === undefined
      ? null
      : h(
          'p',
          { id: 'error' },
          `${errorCount === 1 ? '1 failure' : `${errorCount} failures`} so far, the last: ${lastError.message}`,
        ),
    h(
      'table',
      { id: 'pods' },
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          h('th', null, 'namespace'),
          h('th', null, 'name'),
          h('th', null, 'phase'),
          h('th', null, 'node'),
        ),
      ),
      h(
        'tbody',
        null,
        shown.map((pod) => h(PodRow, { key: keyOf(pod), pod })),
      ),
    ),
  );
}

/** @returns the time of day of `ms`, e.g. `14:02:10` */
function clockTime(ms: number): string {
  return new Date(ms).toLocaleTimeString('en-GB');
}
