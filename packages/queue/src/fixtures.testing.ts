import {
  deletionHandlingMetaNamespaceKeyFunc,
  type DeletedFinalStateUnknown,
  type KeyListerGetter,
  type KubeObject,
} from '@rxkube/store';
import type { MutableStore } from './applyDeltas.js';
import { isAtomicDelta, type Delta, type Deltas } from './deltas.js';

/** A minimal Kubernetes-shaped object: its name is its key, `value` tells versions apart. */
export interface TestObj extends KubeObject {
  readonly metadata: { readonly name: string };
  readonly value: number;
}

/** @returns a test object named `name` at version `value` */
export function obj(name: string, value: number): TestObj {
  return { metadata: { name }, value };
}

/** A map-backed store: what an Indexer offers a DeltaFIFO and `applyDeltas`, nothing more. */
export class MapStore<T> implements KeyListerGetter<T>, MutableStore<T> {
  readonly items = new Map<string, T>();

  constructor(initial: readonly T[] = []) {
    for (const item of initial) this.add(item);
  }

  get(item: T): T | undefined {
    return this.items.get(deletionHandlingMetaNamespaceKeyFunc(item));
  }

  getByKey(key: string): T | undefined {
    return this.items.get(key);
  }

  listKeys(): string[] {
    return [...this.items.keys()];
  }

  add(item: T): void {
    this.items.set(deletionHandlingMetaNamespaceKeyFunc(item), item);
  }

  update(item: T): void {
    this.add(item);
  }

  delete(item: T | DeletedFinalStateUnknown<T>): void {
    this.items.delete(deletionHandlingMetaNamespaceKeyFunc(item));
  }
}

/** @returns the changes as a plain array, for `toEqual` */
export function plain<T>(deltas: Deltas<T> | undefined): Delta<T>[] | undefined {
  return deltas?.toArray();
}

/** A promise with its resolve and reject functions exposed. */
export interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(reason: unknown): void;
}

/** @returns a new {@link Deferred} */
export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Resolves after every microtask queued so far (and those they queue) has run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * @returns the object of a change of one object, or `undefined` for none
 * @throws for a change of the whole cache, which the test did not expect
 */
export function objectOf<T>(
  delta: Delta<T> | undefined,
): T | DeletedFinalStateUnknown<T> | undefined {
  if (delta === undefined) return undefined;
  if (isAtomicDelta(delta)) throw new Error(`unexpected ${delta.type} change`);
  return delta.object;
}
