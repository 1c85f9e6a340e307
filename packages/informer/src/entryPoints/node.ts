/**
 * `@rxkube/informer/node`: what needs Node.js and `@kubernetes/client-node`. `listerWatcher`
 * lists and watches with a client-node `KubeConfig` (its credentials, TLS, proxies and current
 * context), through client-node 1.x's node-fetch or 2.x's undici dispatcher;
 * `metadataListerWatcher` lists and watches objects' metadata only;
 * `listerWatcherSource` gives a `SharedInformerFactory` such lister-watchers. Everything else,
 * the informers included, is in `@rxkube/informer`, which imports no Node module.
 *
 * @packageDocumentation
 * @module @rxkube/informer/node
 */
export { listerWatcher } from '../clientNode/clientNodeListerWatcher.js';
export type { ListerWatcherOptions } from '../clientNode/clientNodeListerWatcher.js';
export { listerWatcherSource } from '../clientNode/listerWatcherSource.js';
export { metadataListerWatcher } from '../clientNode/metadataListerWatcher.js';
export type { FetchLike } from '../clientNode/kubeRequest.js';
export type { FetchResponseLike } from '../http/apiGet.js';
