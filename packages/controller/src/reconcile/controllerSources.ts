import { deletionHandlingMetaNamespaceKeyFunc } from '@rxkube/store';
import { mergeMap } from 'rxjs';
import type { ControllerOptions, OwnsOptions } from './controllerOptions.js';
import { EventHandlerError } from './eventHandlerError.js';
import { passes, watch, type EventSource } from './eventSource.js';
import type { InformerSource, PrimaryInformerSource } from './informerSource.js';
import type { ControllerObject } from './objectMeta.js';
import { controllerOwnerOf } from './ownerMapping.js';
import { isResync, type Predicate } from './predicate.js';

/**
 * The primary informer as a source: every event enqueues its object's own key. Resyncs skip
 * the predicates: they are not changes but the periodic "reconcile everything", which a
 * predicate such as `generationChanged` would otherwise swallow.
 */
function primarySource<T extends ControllerObject>(
  informer: PrimaryInformerSource<T>,
  predicates: readonly Predicate<T>[],
  options: Pick<ControllerOptions<T>, 'resyncPeriod' | 'resync$' | 'name'>,
): EventSource {
  const handlerOptions = {
    resyncPeriod: options.resyncPeriod ?? 0,
    name: options.name,
    ...(options.resync$ === undefined ? {} : { resync$: options.resync$ }),
  };
  return {
    keys$: informer.handle(handlerOptions).pipe(
      mergeMap((event) => {
        const passed = isResync(event) || passes(predicates, event);
        if (passed instanceof EventHandlerError) return [passed];
        return passed ? [deletionHandlingMetaNamespaceKeyFunc(event.object)] : [];
      }),
    ),
    waitForSync: (signal) => informer.waitForCacheSync(signal),
  };
}

function ownsOptions(entry: InformerSource<ControllerObject> | OwnsOptions): OwnsOptions {
  return 'informer' in entry ? entry : { informer: entry };
}

/**
 * Every source of a controller: the primary informer, the owned informers (mapped to their
 * controller owner) and the custom ones.
 *
 * @typeParam T - the primary object type
 * @param options - the controller's options (validated)
 * @returns the sources
 * @internal
 */
export function controllerSources<T extends ControllerObject>(
  options: ControllerOptions<T>,
): EventSource[] {
  const sources = [primarySource(options.for, options.predicates ?? [], options)];
  const { kind } = options;
  if (kind !== undefined) {
    const toOwner = controllerOwnerOf(kind);
    for (const entry of options.owns ?? []) {
      const { informer, predicates = [] } = ownsOptions(entry);
      sources.push(watch(informer, toOwner, { predicates }));
    }
  }
  sources.push(...(options.watches ?? []));
  return sources;
}
