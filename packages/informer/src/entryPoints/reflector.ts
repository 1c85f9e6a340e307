/**
 * `@rxkube/informer/reflector`: the machinery under `SharedIndexInformer`, for code that builds
 * its own loop. The Reflector (`reflector(lw, options)`, a cold Observable of `FifoInput`s) and
 * its policy as a pure state machine (`transition`, `initialContext`,
 * `relistResourceVersion`), client-go's pager (`listAll`), the `Backoff` it waits with, and
 * client-go's low-level `cache.Controller` (`CacheController`: a Reflector feeding a queue that
 * a loop pops).
 *
 * @packageDocumentation
 * @module @rxkube/informer/reflector
 */
export { reflector } from '../reflector.js';
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
