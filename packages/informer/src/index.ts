/**
 * `@rxkube/informer`: client-go's SharedIndexInformer and SharedInformerFactory as RxJS
 * Observables, on any `ListerWatcher`, and `fetchListerWatcher`, which lists and watches through
 * the platform `fetch`. It imports no Node module and runs in browsers. The client-node
 * lister-watcher is in `@rxkube/informer/node`; the error classes in `@rxkube/informer/errors`;
 * the Reflector, its state machine, the pager, `Backoff` and the low-level `CacheController` in
 * `@rxkube/informer/reflector`.
 *
 * @packageDocumentation
 * @module @rxkube/informer
 */
export { SharedIndexInformer } from './sharedIndexInformer.js';
export { initialInformerStatus, nextInformerStatus } from './informerStatus.js';
export type { InformerPhase, InformerStatus, InformerStatusSignal } from './informerStatus.js';
export type { SharedIndexInformerOptions } from './informerOptions.js';
export { freezeByDefault } from './informerOptions.js';
export { SharedInformerFactory } from './sharedInformerFactory.js';
export { shardedListerWatcher } from './shardedListerWatcher.js';
export type {
  InformerForOptions,
  ListerWatcherSource,
  SharedInformerFactoryOptions,
} from './sharedInformerFactory.js';
export { fetchListerWatcher } from './fetch/fetchListerWatcher.js';
export type { FetchHeaders, FetchListerWatcherOptions } from './fetch/fetchListerWatcher.js';
export { fetchListerWatcherSource } from './fetch/fetchListerWatcherSource.js';
export { fetchMetadataListerWatcher } from './fetch/fetchMetadataListerWatcher.js';
export { pageIdleBookmarkIntervals } from './fetch/pageIdleBookmarkIntervals.js';
export {
  defaultListIdleTimeoutMs,
  defaultMaxEventBytes,
  defaultMaxListBytes,
} from './http/httpListerWatcher.js';
export type { HttpListerWatcherOptions } from './http/httpListerWatcher.js';
export { collectionPath, describeResource } from './http/resourcePath.js';
export type { GroupVersionResource, ResourceRef } from './http/resourcePath.js';
export type {
  ListPage,
  ListRequestOptions,
  ResourceVersionMatch,
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
