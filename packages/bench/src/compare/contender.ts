/**
 * What every contender offers the scenarios: a cache fed by list-watch, read by key, with
 * (except for the floor) event handlers, namespace queries and a reactive namespace view.
 */
import type { KubeObject } from '@rxkube/store';

/** The contenders, in the order tables list them. */
export const contenderNames = ['rxkube', 'client-node', 'floor'] as const;

/** One contender's name. */
export type ContenderName = (typeof contenderNames)[number];

/** Where a contender connects: the replay proxy's URL and the server's bearer token. */
export interface Connection {
  readonly url: string;
  readonly token: string;
}

/** A handler event as the scenarios see it, whatever the library calls it. */
export type HandlerEventType = 'add' | 'update' | 'delete';

/**
 * One event handler. It may return a promise (the slow consumer's does); what the library does
 * with it is the library's business.
 */
export type BenchHandler = (
  type: HandlerEventType,
  key: string,
  obj: KubeObject | undefined,
) => unknown;

/** Counts of a reactive namespace view's emissions. */
export interface ViewCounts {
  /** Emissions of the view (for client-node: handler calls that a dashboard re-renders on). */
  emissions: number;
  /** Second view, if the contender has one (rxkube: `list$` with a predicate). */
  secondary?: number;
}

/** A contender running in its own process. */
export interface Contender {
  readonly name: ContenderName;
  /** Registers a handler; call before {@link Contender.start}. The floor has none. */
  addHandler?(handler: BenchHandler): void;
  /** Called after the floor applies a chunk of the stream (informers signal via handlers). */
  onApplied?(callback: () => void): void;
  /** One-time setup before the clock and the heap baseline (e.g. loading lazy modules). */
  prepare?(): Promise<void>;
  /** Starts list-watch; returns at once. */
  start(): void;
  /** @returns the cached object's resourceVersion, or undefined if not cached */
  version(key: string): string | undefined;
  /** @returns how many objects are cached */
  size(): number;
  /** @returns the objects of one namespace (each contender's idiomatic query) */
  byNamespace(namespace: string): readonly KubeObject[];
  /** @returns the objects of one namespace with one label value */
  byNamespaceAndLabel(namespace: string, label: string, value: string): readonly KubeObject[];
  /**
   * Subscribes a dashboard to one namespace.
   *
   * @returns live counts, and a function that unsubscribes
   */
  watchNamespace?(namespace: string): { counts: ViewCounts; stop: () => void };
  /** Stops list-watch and closes connections. */
  stop(): Promise<void>;
}

/**
 * @param obj - a namespaced object
 * @returns its cache key, `namespace/name`
 */
export function keyOf(obj: KubeObject): string {
  const meta = obj.metadata;
  return `${meta?.namespace ?? ''}/${meta?.name ?? ''}`;
}

/**
 * @param obj - an object, possibly with labels
 * @param label - label key
 * @param value - wanted value
 * @returns whether the label has that value
 */
export function hasLabel(obj: KubeObject, label: string, value: string): boolean {
  return obj.metadata?.labels?.[label] === value;
}
