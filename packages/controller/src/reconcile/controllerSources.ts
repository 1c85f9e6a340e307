import { deletionHandlingMetaNamespaceKeyFunc } from '@rxkube/store';
import { mergeMap } from 'rxjs';
import type { ControllerOptions, OwnsOptions } from './controllerOptions.js';
import { EventHandlerError } from './eventHandlerError.js';
import { passes, watch, type EventSource } from './eventSource.js';
import type { InformerSource, PrimaryInformerSource } from './informerSource.js';
import type { ControllerObject } from './objectMeta.js';
import { controllerOwnerOf } from './ownerMapping.js';
import { isResync, type Predicate } from './predicate.js';
import type { ShardGate } from '../sharding/shardGate.js';
import { objectOf } from './objectMeta.js';
import type { ObjectMapper } from './ownerMapping.js';
import { targetKey } from './reconcileRequest.js';

/**
 * The primary informer as a source: every event enqueues its object's own key. Resyncs skip
 * the predicates: they are not changes but the periodic "reconcile everything", which a
 * predicate such as `generationChanged` would otherwise swallow.
 */
function primarySource<T extends ControllerObject>(
  informer: PrimaryInformerSource<T>,
  predicates: readonly Predicate<T>[],
  options: Pick<ControllerOptions<T>, 'resyncPeriod' | 'resync$' | 'name'>,
  gate: ShardGate | undefined,
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
        if (!passed) return [];
        const key = deletionHandlingMetaNamespaceKeyFunc(event.object);
        return gate === undefined || gate.primary(objectOf(event), key) ? [key] : [];
      }),
    ),
    waitForSync: (signal) => informer.waitForCacheSync(signal),
  };
}

/** The owner mapping kept to the shard: an object maps to its owner only if that is ours. */
function shardedOwners(
  toOwner: ObjectMapper<ControllerObject>,
  gate: ShardGate | undefined,
): ObjectMapper<ControllerObject> {
  if (gate === undefined) return toOwner;
  return (object) => [...toOwner(object)].filter((owner) => gate.owned(object, targetKey(owner)));
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
  gate?: ShardGate,
): EventSource[] {
  const sources = [primarySource(options.for, options.predicates ?? [], options, gate)];
  const { kind } = options;
  if (kind !== undefined) {
    const toOwner = shardedOwners(controllerOwnerOf(kind), gate);
    for (const entry of options.owns ?? []) {
      const { informer, predicates = [] } = ownsOptions(entry);
      const owned = watch(informer, toOwner, { predicates });
      sources.push(gate === undefined ? owned : gate.replayOnGain(owned));
    }
  }
  sources.push(...(options.watches ?? []));
  return sources;
}
