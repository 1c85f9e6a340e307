/**
 * `@rxkube/informer/errors`: the classes of the failures an informer reports on `errors$`, and
 * the predicates the Reflector classifies them with. Their base class, `InformerError`, and its
 * `kind` come from `@rxkube/informer` itself; most code needs nothing more (`err.kind` tells a
 * list/watch failure from a bad object or a failing handler). Import from here to act on one
 * class of failure: `instanceof ApiError` and its `code`, `status` and `retryAfterSeconds`,
 * `instanceof ObjectError`, or `isExpired(err)`.
 *
 * @packageDocumentation
 * @module @rxkube/informer/errors
 */
export {
  ApiError,
  ConnectionError,
  DecodeError,
  HandlerError,
  IdleError,
  InternalError,
  ListIdleError,
  ListStreamError,
  ObjectError,
  ShardError,
  StreamError,
  TooLargeError,
  ListItemTooLargeError,
  VeryShortWatchError,
  WatchIdleError,
  WatchListError,
  WatchListInconsistencyError,
  WatchStreamError,
} from '../errors.js';
export type { ApiVerb, WatchListDiff, WatchListFailure } from '../errors.js';
export {
  isConnectionFailure,
  isExpired,
  isRejectedRequest,
  isTooLargeResourceVersion,
  isTooManyRequests,
} from '../errorPredicates.js';
export type { Status, StatusCause } from '../status.js';
export { decodeStatus } from '../decodeStatus.js';
export type { StatusDecoding } from '../decodeStatus.js';
