/**
 * The resources `rxkube proxy` serves unless told otherwise: those of Kubernetes' built-in
 * `view` ClusterRole (what a read-only user is meant to see: no Secrets, no RBAC), without its
 * subresources, plus the cluster-scoped nodes and `events.k8s.io` events that dashboards show.
 * Written as kubectl names them: `plural` for the core group, `plural.group` otherwise.
 */
export const defaultProxyResources: readonly string[] = [
  'pods',
  'services',
  'endpoints',
  'configmaps',
  'persistentvolumeclaims',
  'replicationcontrollers',
  'serviceaccounts',
  'events',
  'limitranges',
  'resourcequotas',
  'namespaces',
  'nodes',
  'deployments.apps',
  'replicasets.apps',
  'statefulsets.apps',
  'daemonsets.apps',
  'controllerrevisions.apps',
  'jobs.batch',
  'cronjobs.batch',
  'horizontalpodautoscalers.autoscaling',
  'poddisruptionbudgets.policy',
  'ingresses.networking.k8s.io',
  'networkpolicies.networking.k8s.io',
  'endpointslices.discovery.k8s.io',
  'events.events.k8s.io',
];

/** The one resource whose objects are credentials: served only when asked for by name. */
const secrets = 'secrets';

/** Whether a resource may be read through the proxy, and why not. */
export type AllowlistVerdict =
  { readonly allowed: true } | { readonly allowed: false; readonly message: string };

/**
 * Which resources the API proxy reads for its clients, by group and plural name (any version).
 * Core Secrets are refused unless allowed explicitly, whatever else the list holds: a page
 * reading them would hold the cluster's credentials.
 */
export class ResourceAllowlist {
  private readonly names: ReadonlySet<string>;

  /**
   * @param names - kubectl's qualified names: `pods`, `deployments.apps` (a name without a dot
   *   is in the core group only)
   * @param allowSecrets - serve core `secrets` too (added to `names`)
   * @throws TypeError when `names` holds `secrets` but `allowSecrets` is false: serving them
   *   takes the explicit switch
   */
  constructor(
    names: readonly string[] = defaultProxyResources,
    private readonly allowSecrets = false,
  ) {
    const set = new Set(names.map((name) => name.toLowerCase()));
    if (set.has(secrets) && !allowSecrets) {
      throw new TypeError('secrets are served only with allowSecrets (--allow-secrets)');
    }
    if (allowSecrets) set.add(secrets);
    this.names = set;
  }

  /** The names served, sorted: for the banner. */
  get resources(): readonly string[] {
    return [...this.names].sort();
  }

  /**
   * @param group - API group, `''` for core
   * @param resource - plural name, as in the URL
   * @returns whether it is served, and the refusal's message otherwise
   */
  check(group: string, resource: string): AllowlistVerdict {
    const name = group === '' ? resource : `${resource}.${group}`;
    if (this.names.has(name)) return { allowed: true };
    if (name === secrets) {
      return {
        allowed: false,
        message:
          'secrets are not served by this read-only proxy: a page reading them would hold the ' +
          "cluster's credentials; start it with --allow-secrets to serve them",
      };
    }
    return {
      allowed: false,
      message: `${name} are not served by this read-only proxy; add them with --resources`,
    };
  }
}
