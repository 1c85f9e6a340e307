/**
 * `@rxkube/informer`: client-go's Reflector, SharedIndexInformer, SharedInformerFactory and
 * Controller as RxJS Observables, listing and watching through `@kubernetes/client-node`.
 *
 * @packageDocumentation
 * @module @rxkube/informer
 */
export {
  defaultListIdleTimeoutMs,
  defaultMaxEventBytes,
  listerWatcher,
} from './clientNode/listerWatcher.js';
export type { ListerWatcherOptions } from './clientNode/listerWatcher.js';
export type { FetchLike, FetchResponseLike } from './clientNode/kubeRequest.js';
export { collectionPath, describeResource } from './clientNode/resourcePath.js';
export type { GroupVersionResource, ResourceRef } from './clientNode/resourcePath.js';
export type {
  ListOptions,
  ListPage,
  ListerWatcher,
  WatchEvent,
  WatchEventType,
  WatchOptions,
} from './listerWatcher.js';
export type { Status, StatusCause } from './status.js';
export {
  ApiError,
  ConnectionError,
  DecodeError,
  HandlerError,
  InformerError,
  InternalError,
  ObjectError,
  VeryShortWatchError,
  IdleError,
  WatchIdleError,
  ListIdleError,
  WatchListError,
  WatchStreamError,
  StreamError,
  ListStreamError,
  TooLargeError,
} from './errors.js';
export type { ApiVerb, ErrorContext, InformerErrorKind } from './errors.js';
export {
  isConnectionFailure,
  isExpired,
  isRejectedRequest,
  isTooLargeResourceVersion,
  isTooManyRequests,
} from './errorClasses.js';
export { Backoff } from './backoff.js';
export type { BackoffOptions } from './backoff.js';
export { listAll } from './pager.js';
export type { ListResult } from './pager.js';
export { reflector } from './reflector.js';
export { ReflectorEvent } from './reflectorEvent.js';
export type { ReflectorListDone, ReflectorListItem, ReflectorListStart } from './reflectorEvent.js';
export { listsToReplace } from './listsToReplace.js';
export type { ReflectorInput } from './listsToReplace.js';
export { prepareObjects } from './prepareObjects.js';
export type { PrepareObjectsOptions } from './prepareObjects.js';
export { objectFailure } from './objectFailure.js';
export type { ObjectFailure } from './objectFailure.js';
export { applyToIndexer } from './applyToIndexer.js';
export type { AppliedPop, IndexerEvent } from './applyToIndexer.js';
export { holdDuringRelists } from './holdDuringRelists.js';
export type { Holdable } from './holdDuringRelists.js';
export { initialEventsEndAnnotation } from './reflectorOptions.js';
export type {
  ReflectorBookmark,
  ReflectorMonitor,
  ReflectorOptions,
  ReflectorOutput,
} from './reflectorOptions.js';
export { initialContext, relistResourceVersion, transition } from './reflectorMachine.js';
export type {
  ReflectorContext,
  ReflectorOutcome,
  ReflectorStep,
  Transition,
} from './reflectorMachine.js';
export { SharedIndexInformer } from './sharedIndexInformer.js';
export type { SharedIndexInformerOptions } from './informerOptions.js';
export { freezeByDefault } from './informerOptions.js';
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
export { consoleFailureLogger } from './consoleFailureLogger.js';
export type { ConsoleFailureLoggerOptions } from './consoleFailureLogger.js';
export { maxPrintableLength, printableText, unsafeCodePoints } from './printableText.js';
export { redactCredentials } from './redactCredentials.js';
export type { Logger } from './logger.js';
export { SharedInformerFactory } from './sharedInformerFactory.js';
export type { InformerForOptions, SharedInformerFactoryOptions } from './sharedInformerFactory.js';
export { Controller } from './controller.js';
export type { ControllerConfig } from './controller.js';
