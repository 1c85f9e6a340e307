import { statusTone } from '../../view/podStatus.js';
import { h } from '../dom.js';
import type { AppliedChange } from '../podCache.js';

const labels = { add: 'ADDED', update: 'MODIFIED', delete: 'DELETED' } as const;

/**
 * The live event feed: the latest changes first, each with its type highlighted (added,
 * modified, deleted), the pod, and its status transition.
 */
export class EventFeed {
  /**
   * @param list - the list element
   * @param limit - entries kept
   */
  constructor(
    private readonly list: HTMLElement,
    private readonly limit = 80,
  ) {}

  /** @param changes - changes applied, oldest first */
  add(changes: readonly AppliedChange[]): void {
    const items = changes.slice(-this.limit).map((c) => this.item(c));
    this.list.prepend(...items.reverse());
    while (this.list.childElementCount > this.limit) this.list.lastElementChild?.remove();
  }

  private item(change: AppliedChange): HTMLElement {
    const slash = change.key.indexOf('/');
    const namespace = slash < 0 ? '' : change.key.slice(0, slash);
    const name = change.key.slice(slash + 1);
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
