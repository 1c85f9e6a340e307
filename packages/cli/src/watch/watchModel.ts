import type { InformerEvent, SharedIndexInformer } from '@rxkube/informer';
import { DeletedFinalStateUnknown, type KubeObject } from '@rxkube/store';
import { Subject, Subscription, type Observable } from 'rxjs';

/** A recent change to a row, highlighted for a moment. */
export interface RowChange {
  readonly type: 'add' | 'update' | 'delete';
  /** When it happened (ms). */
  readonly at: number;
}

/** How long a change stays highlighted (and a deleted row stays visible), in ms. */
const highlightMs = 2_000;

/** One row of the live table. */
interface WatchRow {
  readonly key: string;
  readonly obj: KubeObject;
}

/**
 * What the live table shows: the informer's cache in namespace/name order, plus rows deleted
 * in the last {@link highlightMs} and the recent change of each key. Reads the informer's
 * snapshots (`indexer$`) for the rows and its handler events for the highlights.
 */
export class WatchModel {
  private readonly changed = new Subject<void>();
  private readonly subscriptions = new Subscription();
  private readonly recent = new Map<string, RowChange & { obj?: KubeObject }>();
  private objects: readonly KubeObject[] = [];

  /** @param informer - the informer to follow */
  constructor(informer: SharedIndexInformer<KubeObject>) {
    this.subscriptions.add(
      informer.indexer$.subscribe((snapshot) => {
        this.objects = snapshot.list();
        this.changed.next();
      }),
    );
    this.subscriptions.add(informer.handle({ name: 'watch-view' }).subscribe((e) => this.note(e)));
  }

  /** Emits whenever the rows or highlights changed. */
  get changes$(): Observable<void> {
    return this.changed.asObservable();
  }

  /**
   * @param now - the current time (ms); older highlights are dropped
   * @param keepDeleted - keep rows deleted in the last {@link highlightMs} (to show them struck
   *   out on a terminal; plain output leaves them out)
   * @returns the rows to show, sorted
   */
  rows(now: number, keepDeleted = true): WatchRow[] {
    for (const [key, change] of this.recent) {
      if (now - change.at > highlightMs) this.recent.delete(key);
    }
    const rows: WatchRow[] = this.objects.map((obj) => ({ key: keyOf(obj), obj }));
    const present = new Set(rows.map((r) => r.key));
    for (const [key, change] of this.recent) {
      if (
        keepDeleted &&
        change.type === 'delete' &&
        change.obj !== undefined &&
        !present.has(key)
      ) {
        rows.push({ key, obj: change.obj });
      }
    }
    return rows.sort((a, b) => compare(a.key, b.key));
  }

  /** @returns the recent change of each key */
  changes(): ReadonlyMap<string, RowChange> {
    return this.recent;
  }

  /** Stops following the informer. */
  close(): void {
    this.subscriptions.unsubscribe();
    this.changed.complete();
  }

  private note(event: InformerEvent<KubeObject>): void {
    if (event.type === 'add' && event.isInInitialList) return;
    const obj = event.object instanceof DeletedFinalStateUnknown ? event.object.obj : event.object;
    const key =
      event.object instanceof DeletedFinalStateUnknown
        ? event.object.key
        : keyOf(event.object as KubeObject);
    // A resync or a relist finding an object unchanged is not a change worth showing.
    if (event.type === 'update' && sameVersion(event.oldObject, event.object)) return;
    this.recent.set(key, { type: event.type, at: Date.now(), obj });
    this.changed.next();
  }
}

function keyOf(obj: KubeObject): string {
  const ns = obj.metadata?.namespace;
  const name = obj.metadata?.name ?? '';
  return ns ? `${ns}/${name}` : name;
}

function sameVersion(a: KubeObject, b: KubeObject): boolean {
  return a.metadata?.resourceVersion === b.metadata?.resourceVersion;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
