/**
 * `@rxkube/angular`: rxkube's informers in Angular applications. {@link provideRxkube} says how
 * to reach the API server; {@link injectInformer} gives a component a view of the informer of a
 * resource, shared with every other consumer and stopped with the last one, as Observables and
 * as signals that change only when their own answer does (for `OnPush` and zoneless change
 * detection).
 *
 * @packageDocumentation
 * @module @rxkube/angular
 */
export { provideRxkube } from './provideRxkube.js';
export { RXKUBE_CONFIG } from './rxkubeConfig.js';
export type { InformerRequest, ListerWatcherRequest, RxkubeConfig } from './rxkubeConfig.js';
export { InformerRegistry } from './informerRegistry.js';
export { InformerView } from './informerView.js';
export { injectInformer } from './injectInformer.js';
export type { InjectInformerOptions } from './injectInformer.js';
export { ConsumerDestroyedError, RxkubeNotProvidedError } from './errors.js';
