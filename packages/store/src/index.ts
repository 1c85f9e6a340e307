export type { KubeObject, ObjectMeta } from './kubeObject.js';
export { DeletedFinalStateUnknown, isDeletedFinalStateUnknown } from './deletedFinalStateUnknown.js';
export {
  ExplicitKey,
  KeyError,
  deletionHandlingMetaNamespaceKeyFunc,
  metaNamespaceKeyFunc,
  splitMetaNamespaceKey,
} from './keys.js';
export type { KeyFunc, NamespaceAndName } from './keys.js';
export type { KeyGetter, KeyLister, KeyListerGetter } from './keyListerGetter.js';
