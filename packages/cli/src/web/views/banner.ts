import type { InformerStatus } from '../../status/informerStatus.js';
import { setText } from '../dom.js';
import type { LinkStatus } from '../feedClient.js';

/**
 * Shows what is wrong with the data on screen, if anything: the browser's link to the server is
 * down, the server's informer cannot reach the cluster, or it is (re)listing. Hidden when all is
 * live. `data-state` names the condition (tests and styles read it).
 *
 * @param el - the banner element
 * @param link - the browser's link
 * @param status - the server informer's status, once known
 */
export function renderBanner(
  el: HTMLElement,
  link: LinkStatus,
  status: InformerStatus | undefined,
): void {
  let state = 'ok';
  let text = '';
  if (link.state === 'down') {
    state = 'link-down';
    text = `Live link to the dashboard server lost — reconnecting (attempt ${link.attempt}). Showing the last state received; missed changes are replayed on reconnect.`;
  } else if (link.state === 'connecting') {
    state = 'connecting';
    text = 'Connecting to the dashboard server…';
  } else if (status?.link === 'retrying') {
    state = 'cluster-down';
    text = `The server's informer lost the cluster: ${status.lastError?.message ?? 'request failed'} — retrying with backoff (attempt ${status.failures}).`;
  } else if (status !== undefined && !status.synced) {
    state = 'syncing';
    text = `The server's informer is syncing: page ${status.listPages}, ${status.listItems} pods listed so far…`;
  } else if (status?.relisting === true) {
    state = 'relisting';
    text = `The server's informer is relisting (page ${status.listPages}, ${status.listItems} pods) after its watch expired — the view updates in one step when the list is in.`;
  }
  el.dataset['state'] = state;
  el.hidden = state === 'ok';
  setText(el, text);
}
