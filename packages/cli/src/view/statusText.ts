import type { InformerStatus } from '../status/informerStatus.js';
import { formatDuration } from './age.js';

/** One part of a status line, with how it should read. */
export interface StatusPart {
  readonly text: string;
  readonly tone: 'good' | 'progress' | 'bad' | 'plain';
  /**
   * May be cut to fit a narrow line (the last error, whose message has any length); the other
   * parts are short and shown whole.
   */
  readonly shrinks?: boolean;
}

/**
 * Describes an informer's status in parts, the same words in the terminal and the browser:
 * link and sync state, objects, resource version, events per second, reconnects, relists and
 * the last error with its age.
 *
 * @param status - the status
 * @param now - the current time (ms)
 * @returns the parts, in reading order
 */
export function statusParts(status: InformerStatus, now: number): StatusPart[] {
  const parts: StatusPart[] = [linkPart(status)];
  parts.push({ text: `${status.objects.toLocaleString('en-US')} objects`, tone: 'plain' });
  if (status.resourceVersion !== '')
    parts.push({ text: `rv ${status.resourceVersion}`, tone: 'plain' });
  parts.push({ text: `${status.eventsPerSecond.toFixed(1)} ev/s`, tone: 'plain' });
  parts.push({
    text: `reconnects ${status.reconnects} · relists ${status.relists}`,
    tone: 'plain',
  });
  if (status.lastError !== undefined) {
    parts.push({
      text: `last error ${formatDuration(now - status.lastError.at)} ago: ${status.lastError.message}`,
      tone: now - status.lastError.at < 10_000 ? 'bad' : 'plain',
      shrinks: true,
    });
  }
  return parts;
}

function linkPart(status: InformerStatus): StatusPart {
  const progress = `page ${status.listPages}, ${status.listItems.toLocaleString('en-US')} objects`;
  if (status.link === 'retrying') {
    return { text: `retrying (attempt ${status.failures})`, tone: 'bad' };
  }
  if (!status.synced) return { text: `syncing: ${progress}`, tone: 'progress' };
  if (status.link === 'listing') return { text: `relisting: ${progress}`, tone: 'progress' };
  return { text: 'synced · watching', tone: 'good' };
}
