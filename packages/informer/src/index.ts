/**
 * `@rxkube/informer`: client-go's SharedIndexInformer and SharedInformerFactory as RxJS
 * Observables, listing and watching through `@kubernetes/client-node`. The error classes are in
 * `@rxkube/informer/errors`; the Reflector, its state machine, the pager, `Backoff` and the
 * low-level `CacheController` in `@rxkube/informer/reflector`.
 *
 * @packageDocumentation
 * @module @rxkube/informer
 */
export { SharedIndexInformer } from './sharedIndexInformer.js';
export type { SharedIndexInformerOptions } from './informerOptions.js';
export { freezeByDefault } from './informerOptions.js';
export { SharedInformerFactory } from './sharedInformerFactory.js';
export type { InformerForOptions, SharedInformerFactoryOptions } from './sharedInformerFactory.js';
export {
  defaultListIdleTimeoutMs,
  defaultMaxEventBytes,
  listerWatcher,
} from './clientNode/clientNodeListerWatcher.js';
export type { ListerWatcherOptions } from './clientNode/clientNodeListerWatcher.js';
export type { FetchLike, FetchResponseLike } from './clientNode/kubeRequest.js';
export { collectionPath, describeResource } from './clientNode/resourcePath.js';
export type { GroupVersionResource, ResourceRef } from './clientNode/resourcePath.js';
export type {
  ListPage,
  ListRequestOptions,
  ListerWatcher,
  WatchEvent,
  WatchEventType,
  WatchRequestOptions,
} from './listerWatcher.js';
export { InformerError } from './errors.js';
export type { ErrorContext, InformerErrorKind } from './errors.js';
export { minimumResyncPeriodMs } from './handlerRegistry.js';
export type {
  HandlerOptions,
  HandlerRegistration,
  InformerEvent,
  ResourceEventHandler,
} from './eventHandler.js';
export { listerFor } from './lister.js';
export type { Lister, NamespaceLister } from './lister.js';
export { deepFreeze } from './deepFreeze.js';
export type { HandlerMetrics, InformerMetrics } from './metrics.js';
export { silentLogger } from './logger.js';
export type { Logger } from './logger.js';
export { consoleFailureLogger } from './consoleFailureLogger.js';
export type { ConsoleFailureLoggerOptions } from './consoleFailureLogger.js';
export { maxPrintableLength, printableText, unsafeCodePoints } from './printableText.js';
export { redactCredentials } from './redactCredentials.js';
