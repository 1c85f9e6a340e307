import type { InformerSummary } from '../../status/informerSummary.js';
import { statusParts } from '../../view/statusText.js';
import { h } from '../dom.js';
import type { LinkStatus } from '../feedClient.js';

/**
 * The footer: the browser link and the server informer's status line (sync, objects, resource
 * version, events/s, reconnects, relists, last error), the same words as the terminal's.
 *
 * @param el - the footer element
 * @param link - the browser's link
 * @param status - the server informer's status
 */
export function renderStatusBar(
  el: HTMLElement,
  link: LinkStatus,
  status: InformerSummary | undefined,
): void {
  const parts = [
    h(
      'span',
      { class: `part tone-${link.state === 'live' ? 'good' : 'bad'}` },
      `browser link: ${link.state}`,
    ),
  ];
  if (status !== undefined) {
    parts.push(h('span', { class: 'part' }, `informer: ${status.resource}`));
    for (const part of statusParts(status, Date.now())) {
      parts.push(h('span', { class: `part tone-${part.tone}` }, part.text));
    }
  }
  el.replaceChildren(...parts);
}
