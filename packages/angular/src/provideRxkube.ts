import { makeEnvironmentProviders, type EnvironmentProviders } from '@angular/core';
import { InformerRegistry } from './informerRegistry.js';
import { RXKUBE_CONFIG, type RxkubeConfig } from './rxkubeConfig.js';

/**
 * Provides rxkube to an application or a lazy route: the {@link RxkubeConfig} and the
 * {@link InformerRegistry} that shares one informer per resource among the components that
 * {@link injectInformer} it. The registry stops every informer when its injector is destroyed.
 *
 * @param config - how to build a lister-watcher for a resource, and informer defaults
 * @returns environment providers for `bootstrapApplication`, `ApplicationConfig` or a route
 * @example
 * ```ts
 * bootstrapApplication(PodTable, {
 *   providers: [
 *     provideZonelessChangeDetection(),
 *     provideRxkube({ listerWatcherFor: (resource, request) => fetchListerWatcher('/k8s', resource, request) }),
 *   ],
 * });
 * ```
 */
export function provideRxkube(config: RxkubeConfig): EnvironmentProviders {
  return makeEnvironmentProviders([
    { provide: RXKUBE_CONFIG, useValue: config },
    // A factory rather than `@Injectable`: the registry needs no compiler (JIT or AOT) to be
    // provided, so the package's code runs as plain JavaScript in tests and bundles.
    { provide: InformerRegistry, useFactory: InformerRegistry.create },
  ]);
}
