/**
 * `@rxkube/testing`: an in-process fake Kubernetes API server speaking the real list/watch
 * protocol over HTTP, with fault injection and load generation for tests, benchmarks and demos.
 *
 * @packageDocumentation
 * @module @rxkube/testing
 */
export { FakeApiServer } from './fakeApiServer.js';
export type { FakeApiServerOptions } from './options.js';
export type { RecordedRequest } from './http/requestLog.js';
export type { ObjectRef } from './objectRef.js';
export type {
  FieldSet,
  KubeList,
  KubeObject,
  ManagedFieldsEntry,
  ObjectMeta,
  OwnerReference,
  Status,
  StatusCause,
  WatchEvent,
  WatchEventType,
} from './api/types.js';
export { StatusError } from './api/status.js';
export type {
  CustomResourceSpec,
  ResourceDefinition,
  ResourceScope,
} from './registry/resourceDefinition.js';
export type { ScalePaths, Subresources } from './registry/subresources.js';
export { customResourceDefinitionManifest } from './registry/customResourceDefinitionManifest.js';
export type { DeleteOptions, DeletePreconditions, PropagationPolicy } from './storage/deletion.js';
export { foregroundDeletionFinalizer, orphanFinalizer } from './storage/deletion.js';
export { defaultFieldManager } from './storage/managedFields.js';
export {
  decimalResourceVersions,
  descendingResourceVersions,
  opaqueResourceVersions,
  type ResourceVersionFormat,
} from './storage/resourceVersionFormat.js';
export { FaultInjector } from './faults/faultInjector.js';
export type {
  FaultKind,
  FaultTarget,
  InjectedErrorCode,
  RandomStreamFaults,
  StreamFaultKind,
} from './faults/faultKinds.js';
export { seededRandom } from './faults/random.js';
export { initialEventsEndAnnotation } from './watch/bookmark.js';
export { realisticPod } from './load/podFactory.js';
export { deeplyNested, type NestingShape } from './load/deeplyNested.js';
export { stringifyJson, type StringifyJsonOptions } from './json/stringifyJson.js';
export type { PodShape } from './load/podFactory.js';
export { loadPods } from './load/bulkLoader.js';
export type { BulkLoadOptions } from './load/bulkLoader.js';
export { pace } from './load/pacer.js';
export type { Pacer } from './load/pacer.js';
export { ChurnGenerator } from './load/churnGenerator.js';
export type { ChurnMix, ChurnOptions, ChurnStats } from './load/churnGenerator.js';
