import type { SharedIndexInformer } from '@rxkube/informer';
import { DeletedFinalStateUnknown, type KubeObject } from '@rxkube/store';
import { Subscription, filter, interval, take } from 'rxjs';
import { unsafeCodePoints } from '@rxkube/informer';
import { stringifyJson } from '@rxkube/testing';

/**
 * One line of `rxkube watch -o json`. Objects are the API server's JSON (without
 * `managedFields`).
 *
 * - `ADDED`, `MODIFIED`, `DELETED`: a change; `initial` is true for the objects of the initial
 *   list; a `DELETED` that a relist inferred (the watch missed it) has `finalStateUnknown`
 *   and the last state seen.
 * - `SYNCED`: once, after every object of the initial list was printed.
 */
type JsonWatchLine =
  | { type: 'ADDED'; initial: boolean; object: KubeObject }
  | { type: 'MODIFIED'; object: KubeObject }
  | { type: 'DELETED'; object: KubeObject | undefined; finalStateUnknown?: true }
  | { type: 'SYNCED'; objects: number; resourceVersion: string };

/**
 * Streams an informer's events as JSON lines: `-o json`, one object per line, for scripts.
 * `JSON.stringify` escapes C0 controls but writes DEL, C1 controls, bidi controls and line
 * separators as they are, which a terminal showing the output would act on: those are written
 * as `\uXXXX` escapes too (they only occur inside strings, where the escape is valid JSON). Nothing is lost: parsing a line
 * gives back the object exactly.
 *
 * @param stream - where to write (stdout)
 * @param informer - the informer
 * @returns a subscription that stops the stream
 */
export function startJsonEvents(
  stream: NodeJS.WritableStream,
  informer: SharedIndexInformer<KubeObject>,
): Subscription {
  // stringifyJson: an object may be nested 10,000 levels deep, past where JSON.stringify's
  // recursion throws; the line must still hold it whole.
  const write = (line: JsonWatchLine): void =>
    void stream.write(`${stringifyJson(line)!.replace(unsafeCodePoints, jsonEscape)}\n`);
  let synced = false;
  const markSynced = (): void => {
    if (synced || !registration.hasSynced()) return;
    synced = true;
    write({
      type: 'SYNCED',
      objects: informer.getIndexer().size,
      resourceVersion: informer.lastSyncResourceVersion(),
    });
  };
  const registration = informer.addEventHandler(
    {
      // The registration counts an event as handled once its callback returned: checking at the
      // start of the next one (and on a timer when none comes) puts SYNCED right after the
      // initial list's last object.
      onAdd(obj, initial) {
        markSynced();
        write({ type: 'ADDED', initial, object: obj });
      },
      onUpdate(old, obj) {
        markSynced();
        // Resyncs and unchanged objects after a relist are not changes.
        if (old.metadata?.resourceVersion === obj.metadata?.resourceVersion) return;
        write({ type: 'MODIFIED', object: obj });
      },
      onDelete(obj) {
        markSynced();
        if (obj instanceof DeletedFinalStateUnknown) {
          write({ type: 'DELETED', object: obj.obj, finalStateUnknown: true });
        } else write({ type: 'DELETED', object: obj });
      },
    },
    { name: 'json-output' },
  );
  const subscription = new Subscription(() => registration.remove());
  subscription.add(
    interval(50)
      .pipe(
        filter(() => registration.hasSynced()),
        take(1),
      )
      .subscribe(markSynced),
  );
  return subscription;
}

/** `\uXXXX` for a code point of the Basic Multilingual Plane (all of the unsafe ones are). */
function jsonEscape(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}
