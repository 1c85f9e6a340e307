import { Injector, assertInInjectionContext, inject } from '@angular/core';
import type { ResourceRef } from '@rxkube/informer';
import type { KubeObject } from '@rxkube/store';
import { RxkubeNotProvidedError } from './errors.js';
import { InformerRegistry } from './informerRegistry.js';
import type { InformerView } from './informerView.js';
import type { InformerRequest } from './rxkubeConfig.js';

/** Options of {@link injectInformer}: the request, and an injector for use outside injection contexts. */
export interface InjectInformerOptions extends InformerRequest {
  /**
   * The consumer's injector, when called outside an injection context (as for `toSignal`).
   * Default: the current injection context's.
   */
  readonly injector?: Injector;
}

/**
 * The shared informer of a resource as a view for this consumer (a component, directive or
 * service): the first consumer starts the informer, and it stops when the last one is destroyed.
 * Call it in an injection context (a field initializer or the constructor), or pass `injector`.
 *
 * @typeParam T - the object type, e.g. client-node's `V1Pod`
 * @param resource - `{ group, version, plural }` or a collection path
 * @param options - namespace, selectors, the indices the consumer reads, an injector
 * @returns the consumer's view: `list$`, `get$`, `byIndex$`, `synced$`, `errors$` and their signals
 * @throws {@link RxkubeNotProvidedError} when {@link provideRxkube} is not among the providers
 * @throws {@link ConsumerDestroyedError} when the consumer is already destroyed
 * @example
 * ```ts
 * @Component({
 *   selector: 'pod-table',
 *   changeDetection: ChangeDetectionStrategy.OnPush,
 *   template: `@for (pod of pods(); track pod.metadata?.uid) { <tr><td>{{ pod.metadata?.name }}</td></tr> }`,
 * })
 * class PodTable {
 *   readonly pods = injectInformer<V1Pod>({ version: 'v1', plural: 'pods' }).listSignal();
 * }
 * ```
 */
export function injectInformer<T extends object = KubeObject>(
  resource: ResourceRef,
  options: InjectInformerOptions = {},
): InformerView<T> {
  const { injector: given, ...request } = options;
  if (given === undefined) assertInInjectionContext(injectInformer);
  const injector = given ?? inject(Injector);
  const registry = injector.get(InformerRegistry, null, { optional: true });
  if (registry === null) throw new RxkubeNotProvidedError();
  return registry.view<T>(resource, request, injector);
}
