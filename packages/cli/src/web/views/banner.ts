import type { InformerSummary } from '../../status/informerSummary.js';
import { formatClockTime, secondsUntil } from '../../view/clockTime.js';
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
 * @param now - the current time (ms since the epoch), for the countdown to the next attempt
 */
export function renderBanner(
  el: HTMLElement,
  link: LinkStatus,
  status: InformerSummary | undefined,
  now: number = Date.now(),
): void {
  const { state, text } = bannerText(link, status, now);
  el.dataset['state'] = state;
  el.hidden = state === 'ok';
  setText(el, text);
}

/**
 * The banner's condition and words, without the DOM (unit-tested).
 *
 * @param link - the browser's link
 * @param status - the server informer's status, once known
 * @param now - the current time (ms since the epoch)
 * @returns `state` (`ok` when all is live, then the text is empty) and the text
 */
export function bannerText(
  link: LinkStatus,
  status: InformerSummary | undefined,
  now: number,
): { state: string; text: string } {
  let state = 'ok';
  let text = '';
  const stale =
    status?.staleSince === undefined
      ? ''
      : ` The pods shown are stale since ${formatClockTime(status.staleSince)}.`;
  if (link.state === 'down') {
    state = 'link-down';
    text = `Live link to the dashboard server lost — reconnecting (attempt ${link.attempt}). Showing the last state received; missed changes are replayed on reconnect.`;
  } else if (link.state === 'connecting') {
    state = 'connecting';
    text = 'Connecting to the dashboard server…';
  } else if (status?.phase === 'backingOff') {
    state = 'cluster-down';
    const when =
      status.retryAt === undefined
        ? 'retrying with backoff'
        : `reconnecting in ${secondsUntil(status.retryAt, now)} s`;
    const attempt = status.failures > 0 ? ` (attempt ${status.failures})` : '';
    text = `The server's informer lost the cluster: ${status.lastError?.message ?? 'request failed'} — ${when}${attempt}.${stale}`;
  } else if (status !== undefined && !status.hasSynced) {
    state = 'syncing';
    text = `The server's informer is syncing: page ${status.listPages}, ${status.listItems} pods listed so far…`;
  } else if (status?.phase === 'relisting') {
    state = 'relisting';
    text = `The server's informer is relisting (page ${status.listPages}, ${status.listItems} pods) after its watch expired — the view updates in one step when the list is in.${stale}`;
  } else if (status?.staleSince !== undefined) {
    // Watching again, but not one event yet to prove the watch current.
    state = 'stale';
    text = `The server's informer is reconnecting its watch.${stale}`;
  }
  return { state, text };
}
