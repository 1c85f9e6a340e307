import { createContext, createElement, useContext, useState, type ReactNode } from 'react';
import { InformerRegistry, type InformerRegistryOptions } from './informerRegistry.js';

/** The props of {@link RxkubeProvider}. */
export interface RxkubeProviderProps extends InformerRegistryOptions {
  /** The components that use informers. */
  children?: ReactNode;
}

const RegistryContext = createContext<InformerRegistry | undefined>(undefined);

/**
 * Thrown by {@link useInformer} (and {@link useInformerRegistry}) in a component that has no
 * {@link RxkubeProvider} above it.
 */
export class MissingRxkubeProviderError extends Error {
  /** @param hook - the hook that was called */
  constructor(hook: string) {
    super(`${hook} needs an <RxkubeProvider> above the component that calls it`);
    this.name = 'MissingRxkubeProviderError';
  }
}

/**
 * Makes shared informers available to the components below it: each resource gets one
 * `SharedIndexInformer`, started by its first user and stopped a grace period after the
 * last one unmounts. The options are read when the provider mounts (and `listerWatcherFor` each
 * time an informer is created); to change them, remount it with a new `key`.
 *
 * @param props - how lister-watchers are made, informer options, grace period, children
 * @returns the provider element
 * @example
 * ```ts
 * createElement(
 *   RxkubeProvider,
 *   { listerWatcherFor: (resource) => fetchListerWatcher('/k8s', resource) },
 *   createElement(PodTable),
 * );
 * ```
 */
export function RxkubeProvider(props: RxkubeProviderProps): ReactNode {
  const { children, ...options } = props;
  // Created once per mounted provider; informers are made lazily, so a registry that a
  // StrictMode double render throws away holds nothing.
  const [registry] = useState(() => new InformerRegistry(options));
  return createElement(RegistryContext.Provider, { value: registry }, children);
}

/**
 * The registry of the nearest {@link RxkubeProvider}, for code that manages informers itself
 * (for example to `restartAll()` after the user's credentials changed).
 *
 * @returns the registry
 * @throws MissingRxkubeProviderError outside a provider
 */
export function useInformerRegistry(): InformerRegistry {
  const registry = useContext(RegistryContext);
  if (registry === undefined) throw new MissingRxkubeProviderError('useInformerRegistry');
  return registry;
}

/**
 * @returns the registry of the nearest provider, or `undefined`
 * @internal
 */
export function useOptionalInformerRegistry(): InformerRegistry | undefined {
  return useContext(RegistryContext);
}
