/**
 * `@rxkube/informer/reflector`: the machinery under `SharedIndexInformer`, for code that builds
 * its own loop. The Reflector (`reflector(lw, options)`, a cold Observable of
 * `ReflectorEvent`s) and its policy as a pure state machine (`transition`, `initialContext`,
 * `relistResourceVersion`), client-go's pager (`listAll`), the `Backoff` it waits with, the
 * operators `SharedIndexInformer` is composed of (`listsToReplace`, `prepareObjects`,
 * `applyToIndexer`, `holdDuringRelists`), and client-go's low-level `cache.Controller`
 * (`CacheController`: a Reflector feeding a queue that a loop pops).
 *
 * @packageDocumentation
 * @module @rxkube/informer/reflector
 */
export { reflector } from '../reflector.js';
export { ReflectorEvent } from '../reflectorEvent.js';
export type {
  ReflectorListDone,
  ReflectorListItem,
  ReflectorListStart,
} from '../reflectorEvent.js';
export { listsToReplace } from '../listsToReplace.js';
export type { ReflectorInput } from '../listsToReplace.js';
export { prepareObjects } from '../prepareObjects.js';
export type { PrepareObjectsOptions } from '../prepareObjects.js';
export { objectFailure } from '../objectFailure.js';
export type { ObjectFailure } from '../objectFailure.js';
export { applyToIndexer } from '../applyToIndexer.js';
export type { AppliedPop, IndexerEvent } from '../applyToIndexer.js';
export { holdDuringRelists } from '../holdDuringRelists.js';
export type { Holdable } from '../holdDuringRelists.js';
export { initialEventsEndAnnotation } from '../reflectorOptions.js';
export type {
  ReflectorBookmark,
  ReflectorMonitor,
  ReflectorOptions,
  ReflectorOutput,
} from '../reflectorOptions.js';
export { initialContext, relistResourceVersion, transition } from '../reflectorMachine.js';
export type {
  ReflectorContext,
  ReflectorOutcome,
  ReflectorStep,
  Transition,
} from '../reflectorMachine.js';
export { listAll } from '../pager.js';
export type { ListResult } from '../pager.js';
export { Backoff } from '../backoff.js';
export type { BackoffOptions } from '../backoff.js';
export { CacheController } from '../cacheController.js';
export type { CacheControllerConfig } from '../cacheController.js';
