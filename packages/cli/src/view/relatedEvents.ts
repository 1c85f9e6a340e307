import { record, text } from './jsonFields.js';
import type { EventSummary } from '../dashboard/feedProtocol.js';

/** Events shown per object at most: the latest. */
const maxEvents = 50;

/**
 * The events about one object, latest first: core `v1` Events whose `involvedObject` is it and
 * `events.k8s.io` Events whose `regarding` is it, matched by uid, or by kind, namespace and name
 * when an event carries no uid.
 *
 * @param object - the object
 * @param kind - its kind (list items often carry none)
 * @param events - candidate events (a cache's list)
 * @returns at most 50 summaries, latest first
 */
export function relatedEvents(
  object: unknown,
  kind: string,
  events: Iterable<unknown>,
): EventSummary[] {
  const metadata = record(record(object)['metadata']);
  const uid = text(metadata['uid']);
  const name = text(metadata['name']);
  const namespace = text(metadata['namespace']) ?? '';
  const about = (event: Record<string, unknown>): boolean => {
    const target = record(event['involvedObject'] ?? event['regarding']);
    const targetUid = text(target['uid']);
    if (uid !== undefined && targetUid !== undefined && targetUid !== '') return targetUid === uid;
    return (
      text(target['kind']) === kind &&
      text(target['name']) === name &&
      (text(target['namespace']) ?? '') === namespace
    );
  };
  const found: EventSummary[] = [];
  for (const candidate of events) {
    const event = record(candidate);
    if (!about(event)) continue;
    const series = record(event['series']);
    const count = event['count'] ?? series['count'];
    found.push({
      type: text(event['type']) ?? '',
      reason: text(event['reason']) ?? '',
      message: text(event['message']) ?? text(event['note']) ?? '',
      count: typeof count === 'number' ? count : 1,
      lastSeen:
        text(event['lastTimestamp']) ??
        text(series['lastObservedTime']) ??
        text(event['eventTime']) ??
        text(event['deprecatedLastTimestamp']) ??
        text(event['firstTimestamp']) ??
        text(record(event['metadata'])['creationTimestamp']),
    });
  }
  // ISO times of one format order as text; events without a time go last.
  found.sort((a, b) => (b.lastSeen ?? '').localeCompare(a.lastSeen ?? ''));
  return found.slice(0, maxEvents);
}
