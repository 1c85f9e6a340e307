/**
 * `@rxkube/react`: React hooks for rxkube's informers. An {@link RxkubeProvider} shares one
 * `SharedIndexInformer` per resource among the components that use it ({@link useInformer});
 * {@link useList}, {@link useByIndex}, {@link useObject} and {@link useInformerStatus} read it
 * through `useSyncExternalStore` and re-render only when their own answer changes. Runs in the
 * browser (no Node built-ins).
 *
 * @packageDocumentation
 * @module @rxkube/react
 */
export {
  RxkubeProvider,
  MissingRxkubeProviderError,
  useInformerRegistry,
} from './rxkubeProvider.js';
export type { RxkubeProviderProps } from './rxkubeProvider.js';
export { InformerRegistry, defaultGracePeriodMs } from './informerRegistry.js';
export type { InformerRegistryOptions } from './informerRegistry.js';
export { resourceKey } from './resourceKey.js';
export { useInformer } from './useInformer.js';
export { useList } from './useList.js';
export { useByIndex } from './useByIndex.js';
export { useObject } from './useObject.js';
export { useInformerStatus } from './useInformerStatus.js';
export type { UseInformerStatusResult } from './useInformerStatusResult.js';
