import type { InformerEvent, SharedIndexInformer } from '@rxkube/informer';
import { DeletedFinalStateUnknown, type KubeObject } from '@rxkube/store';
import { Subscription, asyncScheduler, throttleTime } from 'rxjs';
import type { InformerSummary } from '../status/informerSummary.js';
import type { StatusTracker } from '../status/statusTracker.js';
import { projectMetadata, type FeedProjection } from './feedProjection.js';
import { parseFeedId, type FeedMessage, type FeedObject } from './feedProtocol.js';
import { redactObject } from './redactObject.js';
import { depthLimited } from '../view/depthLimited.js';
import { detailsDepth } from './detailsDepth.js';

type Change = Extract<FeedMessage, { type: 'change' }>;

/** How a browser's connection began. */
export type FeedStart = 'snapshot' | 'resumed';

/** Options of a {@link ResourceFeed}. */
export interface ResourceFeedOptions {
  /** Changes kept for browsers that reconnect. Default 20,000. */
  historyLimit?: number;
  /** Least time between two status messages (ms). Default 500. */
  statusThrottleMs?: number;
  /**
   * What the feed sends of each object (e.g. `projectPod`). Default: its identity only
   * (`projectMetadata`). Whole objects never go out: they hold env values and secrets.
   */
  project?: FeedProjection;
  /**
   * The informer's resource. Its objects' details are redacted as Secrets (no `data`, no
   * `stringData`) when it is the core `secrets`, whatever the objects' `kind` says (list items
   * often have none). Default: unknown, and every object's `data` and `stringData` are dropped
   * from its details, since any of them could be a Secret.
   */
  resource?: { readonly group?: string; readonly plural: string };
}

/**
 * One shared informer served to any number of browsers: it folds the informer's events into a
 * numbered sequence of changes with a bounded history, so that each browser gets a snapshot and
 * then the changes, and a browser that reconnects gets just the changes it missed.
 *
 * The feed's own map (not the informer's cache) makes the snapshot, so a snapshot at sequence
 * `n` is exactly the fold of changes 1..n: nothing is lost or repeated at the seam. It holds
 * projections (the fields the page shows); {@link ResourceFeed.details} answers for one whole
 * object, redacted, from the informer's cache.
 */
export class ResourceFeed {
  /** Changes the ids of a feed apart from those of a previous server process. */
  readonly epoch = Math.random().toString(36).slice(2, 10);
  private readonly objects = new Map<string, FeedObject>();
  private readonly history: Change[] = [];
  private readonly listeners = new Set<(message: FeedMessage) => void>();
  private readonly subscriptions = new Subscription();
  private readonly historyLimit: number;
  private readonly project: FeedProjection;
  /** Whether the details of every object are redacted as a Secret's. */
  private readonly secrets: boolean;
  private sequence = 0;
  /**
   * The snapshot at `sequence`, made for the first browser that needs it and sent as the same
   * object to the next ones, so that they share its serialised bytes (`SseEncoder`).
   * Invariant: undefined, or the fold of changes 1..`sequence`; cleared by every change.
   */
  private snapshot: Extract<FeedMessage, { type: 'snapshot' }> | undefined;
  private status: InformerSummary;

  /**
   * @param informer - the shared informer
   * @param tracker - its status tracker
   * @param options - history size, status pace
   */
  constructor(
    private readonly informer: SharedIndexInformer<KubeObject>,
    tracker: StatusTracker,
    options: ResourceFeedOptions = {},
  ) {
    this.historyLimit = options.historyLimit ?? 20_000;
    this.project = options.project ?? projectMetadata;
    const resource = options.resource;
    this.secrets =
      resource === undefined || (!resource.group && resource.plural.toLowerCase() === 'secrets');
    this.status = tracker.status;
    this.subscriptions.add(
      informer.handle({ name: 'dashboard-feed' }).subscribe((e) => this.apply(e)),
    );
    this.subscriptions.add(
      tracker.status$
        .pipe(
          throttleTime(options.statusThrottleMs ?? 500, asyncScheduler, {
            leading: true,
            trailing: true,
          }),
        )
        .subscribe((status) => {
          this.status = status;
          this.broadcast({ type: 'status', status });
        }),
    );
  }

  /** @returns how many browsers are connected */
  get connections(): number {
    return this.listeners.size;
  }

  /** @returns how many objects the feed holds */
  get size(): number {
    return this.objects.size;
  }

  /**
   * One object in full, for the page's detail view: from the informer's cache, redacted
   * (`redactObject`: no env values or credentials, no Secret data, no managed fields), and cut
   * at {@link detailsDepth} levels.
   *
   * @param key - `namespace/name`, or `name` for a cluster-scoped object
   * @returns the redacted object, or undefined when the cache has no such key
   */
  details(key: string): FeedObject | undefined {
    const object = this.informer.getStore().getByKey(key);
    if (object === undefined) return undefined;
    return redactObject(depthLimited(object, detailsDepth), { secret: this.secrets });
  }

  /**
   * Connects a browser: sends a snapshot (or, given a last event id still in the history, the
   * changes after it), the status, then every change as it happens.
   *
   * @param lastEventId - the id of the last message the browser applied, if reconnecting
   * @param send - delivers one message
   * @returns how it started, and a function that disconnects
   */
  connect(
    lastEventId: string | undefined,
    send: (message: FeedMessage) => void,
  ): { start: FeedStart; close: () => void } {
    const missed = this.changesAfter(lastEventId);
    let start: FeedStart;
    if (missed === undefined) {
      start = 'snapshot';
      this.snapshot ??= {
        type: 'snapshot',
        id: this.id(this.sequence),
        objects: [...this.objects.values()],
      };
      send(this.snapshot);
    } else {
      start = 'resumed';
      for (const change of missed) send(change);
    }
    send({ type: 'status', status: this.status });
    this.listeners.add(send);
    return { start, close: () => void this.listeners.delete(send) };
  }

  /** Stops following the informer and disconnects every browser. */
  close(): void {
    this.subscriptions.unsubscribe();
    this.listeners.clear();
  }

  private changesAfter(lastEventId: string | undefined): Change[] | undefined {
    if (lastEventId === undefined || lastEventId === '') return undefined;
    const parsed = parseFeedId(lastEventId);
    if (parsed === undefined || parsed.epoch !== this.epoch || parsed.sequence > this.sequence) {
      return undefined;
    }
    const oldest = this.sequence - this.history.length; // the last sequence before the history
    if (parsed.sequence < oldest) return undefined;
    return this.history.slice(parsed.sequence - oldest);
  }

  private apply(event: InformerEvent<KubeObject>): void {
    const tombstone = event.object instanceof DeletedFinalStateUnknown ? event.object : undefined;
    const whole =
      event.object instanceof DeletedFinalStateUnknown ? event.object.obj : event.object;
    const object = whole === undefined ? undefined : this.project(whole);
    const key = tombstone?.key ?? keyOf(object);
    if (event.type === 'delete') {
      const last = this.objects.get(key) ?? object;
      if (!this.objects.delete(key) || last === undefined) return;
      this.record({ change: 'delete', key, object: last });
      return;
    }
    if (object === undefined) return;
    const known = this.objects.get(key);
    // A resync or a relist finding an object unchanged: nothing to tell the browsers.
    if (known?.metadata?.resourceVersion === object.metadata?.resourceVersion && known) return;
    this.objects.set(key, object);
    this.record({ change: known === undefined ? 'add' : 'update', key, object });
  }

  private record(change: Omit<Change, 'type' | 'id'>): void {
    this.sequence += 1;
    this.snapshot = undefined;
    const message: Change = { type: 'change', id: this.id(this.sequence), ...change };
    this.history.push(message);
    if (this.history.length > this.historyLimit) this.history.shift();
    this.broadcast(message);
  }

  private broadcast(message: FeedMessage): void {
    for (const listener of this.listeners) listener(message);
  }

  private id(sequence: number): string {
    return `${this.epoch}-${sequence}`;
  }
}

function keyOf(obj: FeedObject | undefined): string {
  const ns = obj?.metadata?.namespace;
  const name = obj?.metadata?.name ?? '';
  return ns ? `${ns}/${name}` : name;
}
