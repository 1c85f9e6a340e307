/**
 * `@rxkube/controller`: building blocks for Kubernetes operators as Observables. Reconcile
 * controllers on a rate-limited work queue (controller-runtime's controller, builder and
 * predicates), and Lease-based leader election (client-go's `tools/leaderelection`), so that
 * several replicas of an operator can run for availability while one of them does the work, and
 * shard membership on Leases, so that they split the objects between them instead. A manager
 * (controller-runtime's) runs informers, controllers, the election and the health and metrics
 * endpoints together; `prometheusMetrics` lives in `@rxkube/controller/prometheus`, so that this
 * entry point never loads `prom-client`.
 *
 * @packageDocumentation
 * @module @rxkube/controller
 */
export { controller, ReconcileController } from './reconcile/reconcileController.js';
export type { ControllerStartOptions } from './reconcile/reconcileController.js';
export { ControllerConfigError, defaultOutcomeReplay } from './reconcile/controllerOptions.js';
export { EventHandlerError } from './reconcile/eventHandlerError.js';
export type { EventHandlerStage } from './reconcile/eventHandlerError.js';
export type {
  ControllerOptions,
  OwnsOptions,
  Reconcile,
  ReconcileContext,
} from './reconcile/controllerOptions.js';
export { CacheSyncError } from './reconcile/controllerRun.js';
export type { InformerSource, PrimaryInformerSource } from './reconcile/informerSource.js';
export { watch, watchRequests } from './reconcile/eventSource.js';
export type { EventSource, WatchOptions } from './reconcile/eventSource.js';
export { controllerOwnerOf, refersTo } from './reconcile/ownerMapping.js';
export type { ObjectMapper, OwnerKind } from './reconcile/ownerMapping.js';
export { objectOf } from './reconcile/objectMeta.js';
export type {
  ControllerObject,
  ControllerObjectMeta,
  OwnerReference,
} from './reconcile/objectMeta.js';
export { and, isResync, not, or } from './reconcile/predicate.js';
export type { Predicate } from './reconcile/predicate.js';
export {
  annotationsChanged,
  generationChanged,
  labelsChanged,
  resourceVersionChanged,
} from './reconcile/changePredicates.js';
export { requestFor, targetKey } from './reconcile/reconcileRequest.js';
export type { ReconcileRequest, ReconcileTarget } from './reconcile/reconcileRequest.js';
export { TerminalError } from './reconcile/reconcileResult.js';
export type { ReconcileResult } from './reconcile/reconcileResult.js';
export type { ReconcileOutcome, ReconcileOutcomeKind } from './reconcile/reconcileOutcome.js';
export type { MetricsExporter, MetricsScrape } from './metrics/metricsExporter.js';
export { reconcileMetrics } from './metrics/reconcileMetrics.js';
export type { ReconcileMetrics } from './metrics/reconcileMetrics.js';
export { countActiveWorkers } from './metrics/countActiveWorkers.js';
export { reportLeadership } from './metrics/leadershipMetrics.js';
export { manager, Manager } from './manager/manager.js';
export type { ManagerState } from './manager/manager.js';
export type { ManagerLeaderElectionOptions, ManagerOptions } from './manager/managerOptions.js';
export type { ReadinessCheck } from './manager/operatorEndpoints.js';
export { ManagerConfigError, ManagerStateError } from './manager/errors.js';
export { resource } from './resources/resource.js';
export type { ResourceDescription, ResourceSpec } from './resources/resource.js';
export { resources } from './resources/commonResources.js';
export { resourceClient } from './resources/resourceClient.js';
export type {
  ResourceClient,
  ResourceDeleteOptions,
  ResourcePatchOptions,
  ResourcePatchType,
  ResourceWriteOptions,
} from './resources/resourceClient.js';
export { ResourceDescriptionError, ResourceRequestError } from './resources/errors.js';
export type { ResourceVerb } from './resources/errors.js';
export { LeaderElector } from './leaderelection/leaderElector.js';
export { leaderElection } from './leaderelection/leaderElection.js';
export { whileLeader } from './leaderelection/whileLeader.js';
export type { LeadershipSource } from './leaderelection/whileLeader.js';
export { jitterFactor } from './leaderelection/leaderElectionOptions.js';
export type {
  LeaderElectionOptions,
  LeaseLockRef,
} from './leaderelection/leaderElectionOptions.js';
export type {
  LeadershipLoss,
  LeadershipLossReason,
  LeadershipState,
} from './leaderelection/leadershipState.js';
export type { LeaseApi, LeaseApiSource, MemberLeaseApi } from './leaderelection/leaseApi.js';
export { LeaderElectionConfigError, LeaseApiError } from './leaderelection/errors.js';
export type { LeaseVerb } from './leaderelection/errors.js';
export { ShardCoordinator } from './sharding/shardCoordinator.js';
export type { ControllerShards } from './sharding/shardGate.js';
export type { ShardWork } from './sharding/shardWork.js';
export type { ShardMembershipError } from './sharding/shardCoordinator.js';
export { shardMembership } from './sharding/shardMembership.js';
export type { ShardMembershipOptions } from './sharding/shardMembershipOptions.js';
export { defaultMaxClockSkew } from './sharding/shardMembershipOptions.js';
export { ShardClaimsError, ShardMembershipConfigError } from './sharding/errors.js';
export { defaultVirtualNodes, hashRing, ringPoint } from './sharding/hashRing.js';
export {
  complementRanges,
  intersectRanges,
  normalizeRanges,
  rangesSize,
  sameRanges,
  subtractRanges,
  unionRanges,
} from './sharding/rangeSet.js';
export type { RangeSet } from './sharding/rangeSet.js';
export { shardClaimsAnnotation, shardGroupLabel } from './sharding/memberLease.js';
export { setControllerReference } from './objects/setControllerReference.js';
export { setOwnerReference } from './objects/setOwnerReference.js';
export type { OwnerObject } from './objects/ownerReferences.js';
export {
  AlreadyOwnedError,
  FinalizerError,
  ObjectIdentityChangedError,
  OwnerReferenceError,
} from './objects/errors.js';
export type { FinalizerStep, OwnerReferenceProblem } from './objects/errors.js';
export { ObjectApi } from './objects/objectApi.js';
export type { JsonPatchOperation, ObjectReference } from './objects/objectApi.js';
export { defaultConflictBackoff, retryOnConflict } from './objects/retryOnConflict.js';
export type { ConflictBackoff, RetryOnConflictOptions } from './objects/retryOnConflict.js';
export { createOrUpdate } from './objects/createOrUpdate.js';
export type { CreateOrUpdateOptions, MutateFn, OperationResult } from './objects/createOrUpdate.js';
export { ApplyConflictError, serverSideApply } from './objects/serverSideApply.js';
export type { ApplyOptions, FieldConflict } from './objects/serverSideApply.js';
export { mergePatch } from './objects/mergePatch.js';
export type { MergePatchOptions } from './objects/mergePatch.js';
export { finalizer } from './objects/finalizer.js';
export type { FinalizerCallbacks, FinalizerOptions } from './objects/finalizer.js';
export {
  defaultEventSeriesWindow,
  eventRecorder,
  EventPublishError,
} from './objects/eventRecorder.js';
export type { EventInput, EventRecorder, EventRecorderOptions } from './objects/eventRecorder.js';
