/**
 * Query latency inside a contender process, on its synced cache: the objects of one namespace,
 * and the objects of one namespace with one label value, cycling over every namespace.
 */
import { keep } from '../../measure.js';
import type { Contender } from '../contender.js';

/** What to query and for how long. */
export interface QueryParams {
  readonly namespaces: readonly string[];
  readonly label: string;
  readonly value: string;
  /** Keep querying at least this long (after a warm-up of the same length). */
  readonly minMs: number;
  /** Every namespace query must return this many objects. */
  readonly perNamespace: number;
}

/** Mean latency per query, in microseconds. */
export interface QueryTimings {
  readonly namespaceMicros: number;
  readonly namespaceLabelMicros: number;
}

function timeQueries(
  minMs: number,
  namespaces: readonly string[],
  query: (namespace: string) => readonly unknown[],
): number {
  let done = 0;
  const start = performance.now();
  let elapsed = 0;
  // Whole passes over the namespaces, so every namespace weighs the same.
  while (elapsed < minMs) {
    for (const namespace of namespaces) keep(query(namespace));
    done += namespaces.length;
    elapsed = performance.now() - start;
  }
  return (elapsed * 1000) / done;
}

/**
 * @param contender - a synced contender
 * @param params - namespaces, label, duration
 * @returns the mean latencies
 * @throws Error if a namespace query returns the wrong number of objects
 */
export function runQueries(contender: Contender, params: QueryParams): QueryTimings {
  for (const namespace of params.namespaces) {
    const found = contender.byNamespace(namespace).length;
    if (found !== params.perNamespace) {
      throw new Error(`${namespace}: ${found} objects, expected ${params.perNamespace}`);
    }
  }
  const byNamespace = (ns: string): readonly unknown[] => contender.byNamespace(ns);
  const byLabel = (ns: string): readonly unknown[] =>
    contender.byNamespaceAndLabel(ns, params.label, params.value);
  // Warm up both paths first so neither is measured cold.
  timeQueries(params.minMs, params.namespaces, byNamespace);
  timeQueries(params.minMs, params.namespaces, byLabel);
  return {
    namespaceMicros: timeQueries(params.minMs, params.namespaces, byNamespace),
    namespaceLabelMicros: timeQueries(params.minMs, params.namespaces, byLabel),
  };
}
