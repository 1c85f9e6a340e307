import { Observable } from 'rxjs';

/** Reports that an example called a placeholder, with short descriptions of the arguments. */
export type PlaceholderReport = (name: string, args: readonly string[]) => void;

/**
 * Implementations of the names that stand for the reader's own code in the examples (`render`,
 * `enqueue`, `reconcile`…), for the examples that run. Each reports its calls, so the check
 * can tell that an example's data reached them. Their types are declared for the type-check in
 * `context/examples.d.ts`; a name declared there but not implemented here may appear only in
 * fragments.
 *
 * @param report - receives every call
 * @returns the placeholders by name
 */
export function placeholders(report: PlaceholderReport) {
  const call =
    (name: string) =>
    (...args: unknown[]): void =>
      report(name, args.map(describe));
  const asyncCall =
    (name: string) =>
    async (...args: unknown[]): Promise<void> =>
      call(name)(...args);
  return {
    render: call('render'),
    renderTable: call('renderTable'),
    renderSpinner: call('renderSpinner'),
    renderDetails: call('renderDetails'),
    enqueue: call('enqueue'),
    log: call('log'),
    reconcile: asyncCall('reconcile'),
    ensureDeployment: asyncCall('ensureDeployment'),
    removeDeployment: asyncCall('removeDeployment'),
    // Subscribed means called: the work an elector gates.
    reconcileAll$: new Observable<never>(() => {
      call('reconcileAll$')();
    }),
  };
}

/** The names {@link placeholders} implements. */
export const placeholderNames: ReadonlySet<string> = new Set(
  Object.keys(placeholders(() => undefined)),
);

function describe(value: unknown): string {
  if (Array.isArray(value)) return `array(${value.length})`;
  if (typeof value === 'object' && value !== null) {
    const name = (value as { metadata?: { name?: unknown } }).metadata?.name;
    return typeof name === 'string' ? `object(${name})` : 'object';
  }
  return String(value);
}
