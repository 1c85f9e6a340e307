/**
 * `@rxkube/store`: keys, the `Indexer`/`Store` cache whose every write yields an immutable,
 * indexed snapshot on a read-only `BehaviorSubject` view, and selectors over those snapshots. Runs in Node.js and
 * in browsers.
 *
 * @packageDocumentation
 * @module @rxkube/store
 */
export type { KubeObject, ObjectMeta } from './kubeObject.js';
export {
  asPartialObjectMetadata,
  metaV1ApiVersion,
  partialObjectMetadataKind,
} from './partialObjectMetadata.js';
export type {
  FullObjectMeta,
  ManagedFieldsEntry,
  OwnerReference,
  PartialObjectMetadata,
} from './partialObjectMetadata.js';
export { stripManagedFields } from './stripManagedFields.js';
export {
  DeletedFinalStateUnknown,
  isDeletedFinalStateUnknown,
} from './deletedFinalStateUnknown.js';
export {
  ExplicitKey,
  KeyError,
  deletionHandlingMetaNamespaceKeyFunc,
  keyOf,
  metaNamespaceKeyFunc,
  splitMetaNamespaceKey,
} from './keys.js';
export type { KeyFunc, NamespaceAndName } from './keys.js';
export type { KeyGetter, KeyLister, KeyListerGetter } from './keyListerGetter.js';
export { NamespaceIndex, labelIndexFunc, metaNamespaceIndexFunc } from './indexFunc.js';
export type { IndexFunc, Indexers } from './indexFunc.js';
export { IndexConflictError, IndexFuncError, IndexNotFoundError } from './indexErrors.js';
export { IndexerView } from './indexerView.js';
export { IndexerSnapshot } from './indexerSnapshot.js';
export type { IndexerSubject } from './indexerSubject.js';
export { snapshotView } from './snapshotView.js';
export type { ReadonlyBehaviorSubject, SnapshotViewOptions } from './snapshotView.js';
export { Indexer } from './indexer.js';
export type { CoalesceMode, IndexerOptions } from './indexerOptions.js';
export { Store } from './store.js';
export type { StoreOptions } from './store.js';
export { selectByIndex } from './selectByIndex.js';
export { selectKey } from './selectKey.js';
export { selectList } from './selectList.js';
export { coarsenShard } from './coarsenShard.js';
export {
  ShardRangeError,
  fnv1a64,
  hashSpaceEnd,
  inShard,
  shardFieldValue,
  shardSelectorText,
  splitHashSpace,
  validShard,
} from './shardRange.js';
export type { Shard, ShardField, ShardRange } from './shardRange.js';
