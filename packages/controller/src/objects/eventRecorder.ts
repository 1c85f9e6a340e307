import {
  PatchStrategy,
  setHeaderOptions,
  V1MicroTime,
  type EventsV1Api,
  type EventsV1Event,
  type KubernetesObject,
  type V1ObjectReference,
} from '@kubernetes/client-node';
import { hostname } from 'node:os';
import { asyncScheduler, Subject, type Observable, type SchedulerLike } from 'rxjs';
import { isNotFound } from '../resources/apiStatus.js';

/** One event to record, as client-go's `events.EventRecorder.Eventf` takes it. */
export interface EventInput {
  /** The object the event is about: the object itself, or a reference to it. */
  regarding: KubernetesObject | V1ObjectReference;
  /** A second object involved, e.g. the Pod a ReplicaSet created. */
  related?: KubernetesObject | V1ObjectReference;
  /** `Normal` or `Warning`. */
  type: 'Normal' | 'Warning';
  /** Why, in UpperCamelCase, e.g. `ScalingReplicaSet` (at most 128 characters). */
  reason: string;
  /** What was done or failed, in UpperCamelCase, e.g. `Scale` (at most 128 characters). */
  action: string;
  /** A human-readable description (at most 1 kB). */
  note?: string;
}

/** Options of {@link eventRecorder}. */
export interface EventRecorderOptions {
  /** client-node's `EventsV1Api` (`kc.makeApiClient(EventsV1Api)`). */
  client: EventsV1Api;
  /** The controller's name, e.g. `example.com/app-controller` (`reportingController`). */
  reportingController: string;
  /** This replica, e.g. its Pod name (`reportingInstance`). Default the host name. */
  reportingInstance?: string;
  /**
   * How long after its last occurrence an identical event still counts as a repeat (ms).
   * Default {@link defaultEventSeriesWindow}.
   */
  seriesWindowMs?: number;
  /** How many distinct recent events are remembered; the least recently seen go first. Default 4096. */
  cacheSize?: number;
  /** Clock of the events' times. Default `asyncScheduler`. */
  scheduler?: SchedulerLike;
}

/** client-go's `finishTime`: a series ends 6 minutes after its last occurrence. */
export const defaultEventSeriesWindow = 6 * 60_000;

/** Why an event was not recorded. */
export class EventPublishError extends Error {
  override readonly name = 'EventPublishError';

  /**
   * @param event - the event
   * @param cause - the refused input (a `TypeError`) or what the API request threw
   */
  constructor(
    readonly event: EventInput,
    override readonly cause: unknown,
  ) {
    super(
      `event ${event.reason}/${event.action} was not recorded: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
}

/** Records events; see {@link eventRecorder}. */
export interface EventRecorder {
  /**
   * Records an event, or counts it as a repeat of an identical recent one. Never throws or
   * rejects: a refused input or a failed write is reported on `errors$`.
   *
   * @param event - the event
   * @returns a promise resolved once the write is done (or failed); reconciles need not wait
   */
  publish(event: EventInput): Promise<void>;
  /** Every event that could not be recorded. */
  readonly errors$: Observable<EventPublishError>;
}

/** A recent event: the Event object written for it and its series. */
interface Recent {
  readonly name: string;
  readonly namespace: string;
  readonly body: EventsV1Event;
  count: number;
  lastObserved: number;
  written: boolean;
  /** The writes for this event, one after another: a repeat patches the Event once created. */
  writes: Promise<void>;
}

function referenceTo(target: KubernetesObject | V1ObjectReference): V1ObjectReference {
  if (!('metadata' in target)) return target;
  const { metadata = {} } = target;
  const reference: V1ObjectReference = {};
  if (target.apiVersion !== undefined) reference.apiVersion = target.apiVersion;
  if (target.kind !== undefined) reference.kind = target.kind;
  if (metadata.name !== undefined) reference.name = metadata.name;
  if (metadata.namespace !== undefined) reference.namespace = metadata.namespace;
  if (metadata.uid !== undefined) reference.uid = metadata.uid;
  if (metadata.resourceVersion !== undefined) reference.resourceVersion = metadata.resourceVersion;
  return reference;
}

/** What makes two events the same (client-go's `getKey`), the object's version aside. */
function keyOf(event: EventInput, regarding: V1ObjectReference, related?: V1ObjectReference) {
  const identity = (ref?: V1ObjectReference) =>
    ref && [ref.apiVersion, ref.kind, ref.namespace, ref.name, ref.uid, ref.fieldPath];
  return JSON.stringify([identity(regarding), identity(related), event.action, event.reason]);
}

function refusal(event: EventInput): string | undefined {
  if (typeof event.regarding !== 'object' || event.regarding === null)
    return 'regarding must name an object';
  if (event.type !== 'Normal' && event.type !== 'Warning')
    return `type must be Normal or Warning, got ${String(event.type)}`;
  for (const field of ['reason', 'action'] as const) {
    const value: unknown = event[field];
    if (typeof value !== 'string' || value === '' || value.length > 128)
      return `${field} must be 1 to 128 characters`;
  }
  if (new TextEncoder().encode(event.note ?? '').length > 1024) return 'note must be at most 1 kB';
  if (referenceTo(event.regarding).name === undefined) return 'regarding must name an object';
  return undefined;
}

/**
 * An event recorder on `events.k8s.io/v1` Events (client-go's `tools/events`), with its
 * aggregation: an event identical to one recorded within the series window (same regarding and
 * related objects, reason and action) does not create another Event; the existing one gets a
 * `series` whose `count` and `lastObservedTime` are updated (a merge patch per repeat). After
 * the window, the next one starts a new Event. The recent events are kept in a bounded cache
 * (`cacheSize`, least recently seen dropped first).
 *
 * Recording never disturbs a reconcile: `publish` never throws, and an input the API server
 * would refuse or a failed write is reported on `errors$` as an {@link EventPublishError}.
 *
 * @param options - client, reporting controller and instance, window, cache size, clock
 * @returns the recorder
 * @example
 * ```ts
 * const recorder = eventRecorder({
 *   client: kc.makeApiClient(EventsV1Api),
 *   reportingController: 'example.com/app-controller',
 * });
 * recorder.errors$.subscribe((error) => log.warn(error.message));
 * void recorder.publish({ regarding: app, type: 'Normal', reason: 'Created', action: 'Create', note: 'created the config map' });
 * ```
 */
export function eventRecorder(options: EventRecorderOptions): EventRecorder {
  const {
    client,
    reportingController,
    reportingInstance = hostname(),
    seriesWindowMs = defaultEventSeriesWindow,
    cacheSize = 4096,
    scheduler = asyncScheduler,
  } = options;
  const errors = new Subject<EventPublishError>();
  /** Recent events by key, least recently seen first. */
  const recent = new Map<string, Recent>();
  let sequence = 0;

  const create = async (entry: Recent) => {
    const body: EventsV1Event = { ...entry.body };
    if (entry.count > 1)
      body.series = { count: entry.count, lastObservedTime: new V1MicroTime(entry.lastObserved) };
    await client.createNamespacedEvent({ namespace: entry.namespace, body });
    entry.written = true;
  };
  const patchSeries = async (entry: Recent) => {
    const lastObservedTime = new V1MicroTime(entry.lastObserved).toISOString();
    await client.patchNamespacedEvent(
      {
        name: entry.name,
        namespace: entry.namespace,
        body: { series: { count: entry.count, lastObservedTime } },
      },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
  };
  const write = async (entry: Recent) => {
    if (!entry.written) return create(entry);
    // The Event may have expired meanwhile (the API server keeps them an hour): start afresh.
    return patchSeries(entry).catch((error: unknown) => {
      if (!isNotFound(error)) throw error;
      return create(entry);
    });
  };

  const record = (event: EventInput): Promise<void> => {
    const refused = refusal(event);
    if (refused !== undefined) {
      errors.next(new EventPublishError(event, new TypeError(refused)));
      return Promise.resolve();
    }
    const now = scheduler.now();
    const regarding = referenceTo(event.regarding);
    const related = event.related === undefined ? undefined : referenceTo(event.related);
    const key = keyOf(event, regarding, related);
    let entry = recent.get(key);
    recent.delete(key); // re-inserted last: the most recently seen
    if (entry !== undefined && now - entry.lastObserved <= seriesWindowMs) {
      entry.count += 1;
      entry.lastObserved = now;
    } else {
      const namespace = regarding.namespace || 'default';
      // client-go names an Event after its object and the time in ns; the sequence keeps
      // names apart when the clock has not moved.
      sequence += 1;
      const name = `${regarding.name}.${(BigInt(Math.round(now)) * 1_000_000n + BigInt(sequence % 1_000_000)).toString(16)}`;
      entry = {
        name,
        namespace,
        count: 1,
        lastObserved: now,
        written: false,
        writes: Promise.resolve(),
        body: {
          metadata: { name, namespace },
          eventTime: new V1MicroTime(now),
          regarding,
          ...(related === undefined ? {} : { related }),
          type: event.type,
          reason: event.reason,
          action: event.action,
          ...(event.note === undefined ? {} : { note: event.note }),
          reportingController,
          reportingInstance,
        },
      };
    }
    recent.set(key, entry);
    for (const oldest of recent.keys()) {
      if (recent.size <= cacheSize) break;
      recent.delete(oldest);
    }
    const current = entry;
    current.writes = current.writes.then(() =>
      write(current).catch((error: unknown) => errors.next(new EventPublishError(event, error))),
    );
    return current.writes;
  };

  return {
    errors$: errors.asObservable(),
    publish(event: EventInput): Promise<void> {
      try {
        return record(event);
      } catch (error: unknown) {
        // Whatever the input, a reconcile that publishes must not fail because of it.
        errors.next(new EventPublishError(event, error));
        return Promise.resolve();
      }
    },
  };
}
