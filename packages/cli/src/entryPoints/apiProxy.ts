/**
 * `@rxkube/cli/apiProxy`: the read-only Kubernetes API proxy of `rxkube proxy` and
 * `rxkube dashboard`, for a workspace program that serves a page and the API on one origin (the
 * Angular example). The command itself stays the way to run the proxy on a real cluster.
 *
 * @packageDocumentation
 * @module @rxkube/cli/apiProxy
 */
export { ApiProxy } from '../apiProxy/apiProxy.js';
export type { ApiProxyOptions } from '../apiProxy/apiProxy.js';
export { ResourceAllowlist, defaultProxyResources } from '../apiProxy/resourceAllowlist.js';
export type { AllowlistVerdict } from '../apiProxy/resourceAllowlist.js';
export { HostPolicy } from '../dashboard/hostPolicy.js';
export { RequestGuard } from '../dashboard/requestGuard.js';
export type {
  GuardedServer,
  GuardVerdict,
  RequestGuardOptions,
} from '../dashboard/requestGuard.js';
export { listenOn } from '../dashboard/listenOn.js';
export { requestUrl } from '../dashboard/requestUrl.js';
