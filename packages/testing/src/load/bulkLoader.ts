import type { FakeApiServer } from '../fakeApiServer.js';
import type { ObjectRef } from '../objectRef.js';
import { seededRandom } from '../faults/random.js';
import { realisticPod } from './podFactory.js';

/** Options of {@link loadPods}. */
export interface BulkLoadOptions {
  /** How many pods to create. */
  count: number;
  /** Namespaces to spread them over (round robin). Default `['default']`. */
  namespaces?: readonly string[];
  /** Seed for reproducible pods. Default 1. */
  seed?: number;
  /** Name prefix. Default `pod`. */
  prefix?: string;
}

/**
 * Fills the server with realistic ~3 KB pods, written through the programmatic API (no HTTP),
 * so tens of thousands load in well under a second each thousand.
 *
 * @param server - the server.
 * @param options - count, namespaces, seed, prefix.
 * @returns references to the created pods.
 */
export function loadPods(server: FakeApiServer, options: BulkLoadOptions): ObjectRef[] {
  const random = seededRandom(options.seed ?? 1);
  const namespaces = options.namespaces ?? ['default'];
  const prefix = options.prefix ?? 'pod';
  const refs: ObjectRef[] = [];
  for (let i = 0; i < options.count; i += 1) {
    const namespace = namespaces[i % namespaces.length] ?? 'default';
    const name = `${prefix}-${i}`;
    server.create(realisticPod({ namespace, name, random }));
    refs.push({ apiVersion: 'v1', kind: 'Pod', namespace, name });
  }
  return refs;
}
