import { statusTone } from '../../view/podStatus.js';
import { h } from '../dom.js';
import type { AppliedChange } from '../podCache.js';

const labels = { add: 'ADDED', update: 'MODIFIED', delete: 'DELETED' } as const;

/**
 * The live event feed: the latest changes first, each with its type highlighted (added,
 * modified, deleted), the pod, and its status transition. It follows the selected namespace:
 * only that namespace's changes are shown, and choosing another shows the recent changes kept
 * for it at once.
 */
export class EventFeed {
  /** The latest changes of every namespace, oldest first; at most `kept`. */
  private readonly recent: AppliedChange[] = [];
  private namespace: string | undefined;

  /**
   * @param list - the list element
   * @param limit - entries shown
   * @param kept - changes kept (all namespaces), to show when the namespace changes
   */
  constructor(
    private readonly list: HTMLElement,
    private readonly limit = 80,
    private readonly kept = 2000,
  ) {}

  /** @param changes - changes applied, oldest first */
  add(changes: readonly AppliedChange[]): void {
    this.recent.push(...changes.slice(-this.kept));
    if (this.recent.length > this.kept) this.recent.splice(0, this.recent.length - this.kept);
    this.show(changes.filter((c) => this.follows(c)));
  }

  /**
   * Shows only one namespace's changes (or every namespace's).
   *
   * @param namespace - the namespace, or undefined for all
   */
  follow(namespace: string | undefined): void {
    if (namespace === this.namespace) return;
    this.namespace = namespace;
    this.list.replaceChildren();
    this.show(this.recent.filter((c) => this.follows(c)));
  }

  private follows(change: AppliedChange): boolean {
    return this.namespace === undefined || namespaceOf(change.key) === this.namespace;
  }

  private show(changes: readonly AppliedChange[]): void {
    const items = changes.slice(-this.limit).map((c) => this.item(c));
    this.list.prepend(...items.reverse());
    while (this.list.childElementCount > this.limit) this.list.lastElementChild?.remove();
  }

  private item(change: AppliedChange): HTMLElement {
    const namespace = namespaceOf(change.key);
    const name = change.key.slice(change.key.indexOf('/') + 1);
    const time = new Date(change.at).toLocaleTimeString('en-GB', { hour12: false });
    const status = (text: string | undefined): HTMLElement | null =>
      text === undefined ? null : h('span', { class: `pill tone-${statusTone(text)}` }, text);
    const transition =
      change.change === 'update' && change.before !== change.after
        ? [status(change.before), h('span', { class: 'arrow' }, '→'), status(change.after)]
        : [status(change.change === 'delete' ? change.before : change.after)];
    return h(
      'li',
      {
        class: `feed-item type-${change.change}`,
        'data-type': change.change,
        'data-key': change.key,
      },
      h('span', { class: 'feed-time' }, time),
      h('span', { class: `badge badge-${change.change}` }, labels[change.change]),
      h('span', { class: 'feed-key', title: change.key }, name),
      h(
        'span',
        { class: 'feed-detail' },
        h('span', { class: 'feed-ns' }, namespace),
        ...transition,
      ),
    );
  }
}

/** The namespace of a `namespace/name` key (empty for a cluster-scoped `name`). */
function namespaceOf(key: string): string {
  const slash = key.indexOf('/');
  return slash < 0 ? '' : key.slice(0, slash);
}
