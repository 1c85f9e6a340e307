/**
 * `@rxkube/queue`: client-go's `DeltaFIFO`, `RealFIFO` and `FIFO`, the `deltaFifo` operator
 * that drives either of the first two from an Observable, `applyDeltas`, and client-go's work queues and rate limiters.
 * Runs in Node.js and in browsers.
 *
 * @packageDocumentation
 * @module @rxkube/queue
 */
export { DeltaType, Deltas, isAtomicDelta } from './deltas.js';
export type {
  AtomicDelta,
  BookmarkInfo,
  Delta,
  ObjectDelta,
  ReplacedAllInfo,
  SyncAllInfo,
} from './deltas.js';
export { expandAtomicDelta } from './expandAtomicDelta.js';
export {
  AtomicDeltaError,
  FIFOClosedError,
  ItemNotProcessingError,
  RealFIFOOptionsError,
  RequeueError,
} from './errors.js';
export type { PopProcessFunc, ProcessBatchFunc, Queue } from './queue.js';
export type { PoppingQueue } from './poppingQueue.js';
export { DeltaFIFO } from './deltaFifoQueue.js';
export type { PoppedDeltas } from './poppedDeltas.js';
export type { DeltaFIFOOptions, TransformFunc } from './deltaFifoQueueOptions.js';
export { RealFIFO, atomicDeltaKey } from './realFifo.js';
export { defaultRealFIFOBatchSize } from './realFifoOptions.js';
export type { RealFIFOOptions } from './realFifoOptions.js';
export type { FifoKind } from './fifoKind.js';
export { FIFO } from './fifo.js';
export { ItemFifo } from './workqueue/itemFifo.js';
export type { FIFOOptions } from './fifo.js';
export { applyDelta, applyDeltas } from './applyDeltas.js';
export type {
  AddEvent,
  DeleteEvent,
  MutableStore,
  ResourceEvent,
  UpdateEvent,
  UpsertDeltaType,
} from './applyDeltas.js';
export { FifoInput } from './operators/fifoInput.js';
export type {
  FifoBookmark,
  FifoDelete,
  FifoReplace,
  FifoResync,
  FifoWrite,
} from './operators/fifoInput.js';
export { deltaFifo } from './operators/deltaFifo.js';
export type { DeltaFifoConfig, ProcessDeltas } from './operators/deltaFifo.js';
export type {
  DeltaFifoDepth,
  DeltaFifoEvent,
  DeltaFifoProcessEvent,
  DeltaFifoProcessed,
  DeltaFifoQueued,
  DeltaFifoRelistApplied,
  DeltaFifoSkipped,
  DeltaFifoSynced,
} from './operators/deltaFifoEvent.js';
export { VersionWatermark } from './versionWatermark.js';
export { StreamVersion } from './streamVersion.js';
export { resourceVersionTracker } from './resourceVersionTracker.js';
export type { ResourceVersionTracker } from './resourceVersionTracker.js';
export { WorkQueue } from './workqueue/workQueue.js';
export type {
  WorkQueueGetOptions,
  WorkQueueGetResult,
  WorkQueueInterface,
  WorkQueueOptions,
} from './workqueue/workQueue.js';
export { DelayingQueue } from './workqueue/delayingQueue.js';
export type { DelayingQueueInterface } from './workqueue/delayingQueue.js';
export { RateLimitingQueue } from './workqueue/rateLimitingQueue.js';
export type {
  RateLimitingQueueInterface,
  RateLimitingQueueOptions,
} from './workqueue/rateLimitingQueue.js';
export {
  bucketRateLimiter,
  defaultControllerRateLimiter,
  itemExponentialFailureRateLimiter,
  itemFastSlowRateLimiter,
  maxOfRateLimiter,
  withMaxWaitRateLimiter,
} from './workqueue/rateLimiters.js';
export type {
  BucketRateLimiterOptions,
  DefaultControllerRateLimiterOptions,
  RateLimiter,
} from './workqueue/rateLimiters.js';
export { noopMetricsProvider } from './workqueue/workQueueMetrics.js';
export {
  workQueueDurationBuckets,
  workQueueMetricsProvider,
} from './workqueue/workQueueMetricsProvider.js';
export { discards, noopMetrics } from './metrics/metricsProvider.js';
export type {
  Counter,
  Gauge,
  Histogram,
  HistogramDescription,
  MetricDescription,
  MetricsProvider,
} from './metrics/metricsProvider.js';
export { MemoryMetrics } from './metrics/memoryMetrics.js';
export type { MemoryHistogramValue } from './metrics/memoryMetrics.js';
export type {
  CounterMetric,
  GaugeMetric,
  HistogramMetric,
  HistogramSnapshot,
  SettableGaugeMetric,
  WorkQueueMetricsProvider,
  WorkQueueMetricsSnapshot,
} from './workqueue/workQueueMetrics.js';
export { processWorkQueue } from './workqueue/processWorkQueue.js';
export type { ProcessWorkQueueOptions, WorkQueueWork } from './workqueue/processWorkQueue.js';
