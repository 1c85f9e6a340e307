/** The slice of a Pod the demo prints. */
export interface DemoPod {
  metadata: {
    namespace: string;
    name: string;
    resourceVersion: string;
    labels: Record<string, string>;
  };
  status: { phase: string };
}

/**
 * Builds a pod as the API server would send it.
 *
 * @param namespace - namespace
 * @param name - name
 * @param resourceVersion - the version of this write
 * @param phase - `status.phase`
 * @param app - the `app` label
 * @returns the pod
 */
export function pod(
  namespace: string,
  name: string,
  resourceVersion: number,
  phase: string,
  app: string,
): DemoPod {
  return {
    metadata: { namespace, name, resourceVersion: String(resourceVersion), labels: { app } },
    status: { phase },
  };
}
