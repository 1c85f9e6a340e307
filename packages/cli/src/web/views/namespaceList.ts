import { NamespaceIndex, type IndexerSnapshot } from '@rxkube/store';
import { h } from '../dom.js';
import { phases, type Pod } from '../podCache.js';

/**
 * The namespaces with their pod counts and a bar of phases each, read from the namespace index
 * of the snapshot. Clicking one selects it (clicking it again clears the choice).
 *
 * @param el - the list element
 * @param snapshot - the cache snapshot
 * @param selected - the selected namespace, if any
 * @param select - called with the namespace clicked (or undefined to clear)
 */
export function renderNamespaces(
  el: HTMLElement,
  snapshot: IndexerSnapshot<Pod>,
  selected: string | undefined,
  select: (namespace: string | undefined) => void,
): void {
  const namespaces = [...snapshot.listIndexFuncValues(NamespaceIndex)].sort();
  const total = snapshot.size;
  const items = [
    h(
      'li',
      { class: `ns ns-all ${selected === undefined ? 'selected' : ''}`, 'data-namespace': '' },
      h('span', { class: 'ns-name' }, 'all namespaces'),
      h('span', { class: 'count' }, total),
    ),
  ];
  for (const ns of namespaces) {
    const pods = snapshot.byIndex(NamespaceIndex, ns);
    const byPhase = new Map<string, number>();
    for (const pod of pods) {
      const phase = pod.status?.phase ?? 'Unknown';
      byPhase.set(phase, (byPhase.get(phase) ?? 0) + 1);
    }
    const bar = h(
      'span',
      { class: 'ns-bar' },
      ...phases.map((phase) => {
        const n = byPhase.get(phase) ?? 0;
        if (n === 0) return null;
        const seg = h('span', { class: `seg phase-${phase}`, title: `${n} ${phase}` });
        // Through CSSOM: the Content-Security-Policy refuses inline `style` attributes.
        seg.style.flexGrow = String(n);
        return seg;
      }),
    );
    items.push(
      h(
        'li',
        { class: `ns ${selected === ns ? 'selected' : ''}`, 'data-namespace': ns },
        h('span', { class: 'ns-name' }, ns),
        h('span', { class: 'count' }, pods.length),
        bar,
      ),
    );
  }
  el.replaceChildren(...items);
  el.onclick = (event) => {
    const li = (event.target as Element).closest<HTMLElement>('li[data-namespace]');
    if (li === null) return;
    const ns = li.dataset['namespace'] ?? '';
    select(ns === '' || ns === selected ? undefined : ns);
  };
}
