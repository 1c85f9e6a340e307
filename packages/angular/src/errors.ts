/**
 * Thrown by {@link injectInformer} when the injector has no rxkube providers: the application
 * (or a lazy route) must list {@link provideRxkube} among its providers.
 */
export class RxkubeNotProvidedError extends Error {
  override readonly name = 'RxkubeNotProvidedError';

  constructor() {
    super(
      'no rxkube providers in this injector: add provideRxkube({ listerWatcherFor }) to the ' +
        "application's (or route's) providers",
    );
  }
}

/**
 * Thrown when an informer is asked for on behalf of a consumer that is already destroyed, or a
 * view is read after its consumer was destroyed (its informer may have been stopped since), or
 * the registry itself was destroyed with its injector. Nothing is started or counted.
 */
export class ConsumerDestroyedError extends Error {
  override readonly name = 'ConsumerDestroyedError';

  /**
   * @param description - the informer's lister-watcher description, e.g. `pods in shop`
   * @param options - the Angular error that revealed it, if any
   */
  constructor(
    readonly description: string,
    options?: ErrorOptions,
  ) {
    super(`informer for ${description} used by a consumer that was already destroyed`, options);
  }
}
