/**
 * Every error the informer reports on its `errors$` stream, one family per file under
 * `errors/`; imported from here.
 */
export {
  type InformerErrorKind,
  type ErrorContext,
  InformerError,
  type ApiVerb,
} from './errors/informerError.js';
export { ApiError, ConnectionError } from './errors/requestErrors.js';
export {
  StreamError,
  WatchStreamError,
  ListStreamError,
  DecodeError,
  TooLargeError,
  ListItemTooLargeError,
} from './errors/answerErrors.js';
export {
  IdleError,
  WatchIdleError,
  ListIdleError,
  VeryShortWatchError,
} from './errors/silenceErrors.js';
export {
  type WatchListFailure,
  WatchListError,
  WatchListInconsistencyError,
  type WatchListDiff,
} from './errors/watchListErrors.js';
export { ObjectError, HandlerError, ShardError, InternalError } from './errors/processingErrors.js';
