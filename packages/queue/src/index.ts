export { DeletedFinalStateUnknown, KeyError } from '@rxkube/store';
export { DeltaType, Deltas } from './deltas.js';
export type { Delta } from './deltas.js';
export { FIFOClosedError, RequeueError } from './errors.js';
export type { PopProcessFunc, Queue } from './queue.js';
export { DeltaFIFO } from './deltaFIFO.js';
export type { DeltaFIFOOptions, TransformFunc } from './deltaFIFOOptions.js';
export { FIFO } from './fifo.js';
export type { FIFOOptions } from './fifo.js';
export { applyDeltas } from './applyDeltas.js';
export type {
  AddEvent,
  DeleteEvent,
  MutableStore,
  ResourceEvent,
  UpdateEvent,
  UpsertDeltaType,
} from './applyDeltas.js';
export { FifoInput } from './operators/fifoInput.js';
export type { FifoDelete, FifoReplace, FifoResync, FifoWrite } from './operators/fifoInput.js';
export { deltaFifo } from './operators/deltaFifo.js';
export type { DeltaFifoConfig, PoppedDeltas, ProcessDeltas } from './operators/deltaFifo.js';
