import {
  Injector,
  createEnvironmentInjector,
  type EnvironmentInjector,
  type EnvironmentProviders,
} from '@angular/core';
import { silentLogger } from '@rxkube/informer';
import { provideRxkube } from '../provideRxkube.js';
import type { ScriptedResource } from './scriptedResource.testing.js';

/**
 * An application's root injector with rxkube provided, its lister-watchers on one scripted
 * resource, without TestBed: DI, `DestroyRef` and signals need no compiler or DOM.
 *
 * @param resource - what every informer lists and watches
 * @param providers - more providers
 * @returns the root injector; destroy it at the end of the test
 */
export function applicationInjector(
  resource: ScriptedResource,
  ...providers: EnvironmentProviders[]
): EnvironmentInjector {
  return createEnvironmentInjector(
    [
      provideRxkube({
        listerWatcherFor: (ref, request) =>
          resource.listerWatcher(`${JSON.stringify(ref)} ${JSON.stringify(request)}`),
        // The scripted resource answers lists, not streaming lists.
        informer: { logger: silentLogger, reflector: { streamingList: false } },
      }),
      ...providers,
    ],
    // The root of a standalone application: no parent but the null injector.
    Injector.NULL as EnvironmentInjector,
  );
}

/**
 * A consumer of the application (as a component would be): its own injector and `DestroyRef`.
 *
 * @param parent - the application's injector
 * @returns the consumer's injector; `destroy()` is the consumer's destruction
 */
export function consumerOf(parent: EnvironmentInjector): EnvironmentInjector {
  return createEnvironmentInjector([], parent);
}
