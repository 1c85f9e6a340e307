/** The part of a pod the selectors look at. */
export interface SelectablePod {
  readonly metadata: {
    readonly namespace?: string;
    readonly labels?: Readonly<Record<string, string>>;
  };
  readonly status?: unknown;
}

/** One informer of the scenario: what it asks the server for, and the same rule locally. */
export interface InformerVariant {
  /** Short name for reports. */
  readonly name: string;
  readonly namespace?: string;
  readonly labelSelector?: string;
  readonly fieldSelector?: string;
  /** Whether the server's object belongs in this informer's cache. */
  matches(pod: SelectablePod): boolean;
}

const phaseOf = (pod: SelectablePod): unknown =>
  (pod.status as { phase?: unknown } | undefined)?.phase;

/**
 * The four informers every scenario runs: all namespaces, one namespace, a label selector
 * whose matches churn moves in and out, and a field selector on the pod phase.
 */
export const variants: readonly InformerVariant[] = [
  { name: 'all', matches: () => true },
  { name: 'ns-b', namespace: 'b', matches: (p) => p.metadata.namespace === 'b' },
  {
    name: 'label',
    labelSelector: 'tier=web,churn!=cold',
    matches: (p) => p.metadata.labels?.['tier'] === 'web' && p.metadata.labels['churn'] !== 'cold',
  },
  {
    name: 'field',
    fieldSelector: 'status.phase=Running',
    matches: (p) => phaseOf(p) === 'Running',
  },
];
