import type { FeedResource } from '../../dashboard/feedProtocol.js';
import { h } from '../dom.js';

/** The kinds listed first, in this order, as a newcomer looks for them. */
const common = [
  'pods',
  'deployments.apps',
  'replicasets.apps',
  'statefulsets.apps',
  'daemonsets.apps',
  'jobs.batch',
  'nodes',
  'services',
  'configmaps',
  'events',
];

/**
 * Fills the resource picker: the common kinds first, then every other resource the cluster
 * serves by name (custom resources included), each option's value its feed's name.
 *
 * @param select - the `<select>` element
 * @param resources - what the dashboard can show
 * @param selected - the feed shown now
 */
export function renderResourcePicker(
  select: HTMLSelectElement,
  resources: readonly FeedResource[],
  selected: string,
): void {
  const rank = (r: FeedResource): number => {
    const i = common.indexOf(r.name);
    return i < 0 ? common.length : i;
  };
  const sorted = [...resources].sort(
    (a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, 'en'),
  );
  select.replaceChildren(
    ...sorted.map((r) => {
      const option = h('option', { value: r.name }, `${r.kind} (${r.name})`);
      option.selected = r.name === selected;
      return option;
    }),
  );
}
