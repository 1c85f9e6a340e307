import type { InformerSummary } from '../status/informerSummary.js';
import { formatDuration } from './age.js';
import { formatClockTime, secondsUntil } from './clockTime.js';

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
 * phase and sync state (with the countdown to the next attempt while backing off), since when
 * the data is stale, objects, resource version, events per second, reconnects, relists and the
 * last error with its age.
 *
 * @param status - the status
 * @param now - the current time (ms)
 * @returns the parts, in reading order
 */
export function statusParts(status: InformerSummary, now: number): StatusPart[] {
  const parts: StatusPart[] = [phasePart(status, now)];
  if (status.staleSince !== undefined) {
    parts.push({ text: `stale since ${formatClockTime(status.staleSince)}`, tone: 'bad' });
  }
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

/**
 * What the informer is doing. `synced · watching` only when it is: while it waits out a
 * backoff the line counts down to the next attempt, so a frozen table never reads as live.
 */
function phasePart(status: InformerSummary, now: number): StatusPart {
  const progress = `page ${status.listPages}, ${status.listItems.toLocaleString('en-US')} objects`;
  if (status.phase === 'backingOff') {
    const attempt = status.failures > 0 ? ` (attempt ${status.failures})` : '';
    const when =
      status.retryAt === undefined
        ? 'retrying'
        : `reconnecting in ${secondsUntil(status.retryAt, now)} s`;
    return { text: `${when}${attempt}`, tone: 'bad' };
  }
  if (!status.hasSynced) return { text: `syncing: ${progress}`, tone: 'progress' };
  if (status.phase === 'relisting' || status.phase === 'syncing') {
    return { text: `relisting: ${progress}`, tone: 'progress' };
  }
  return { text: 'synced · watching', tone: 'good' };
}
