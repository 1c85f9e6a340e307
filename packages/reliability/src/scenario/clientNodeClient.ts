import {
  CoreV1Api,
  ListWatch,
  makeInformer,
  Watch,
  type Informer,
  type KubernetesObject,
  type ObjectCache,
  type V1Pod,
} from '@kubernetes/client-node';
import type { FakeApiServer } from '@rxkube/testing';
import type { ClientUnderTest } from './clientUnderTest.js';
import { slowHandlerPause } from './clientUnderTest.js';
import { EventLog, keyOf, type CacheState } from './eventLog.js';
import type { InformerVariant } from './variants.js';

/** How long the client-node informers wait before restarting after an `error` event. */
const restartDelayMs = 100;

/**
 * Starts `@kubernetes/client-node` informers for the same variants, used as its documentation
 * suggests: `makeInformer` (its `ListWatch` directly for the field selector, which
 * `makeInformer` does not take), restarted after each `error` event. Handlers are the same as
 * rxkube's: a fast one and an async slow one (which client-node does not await).
 *
 * @param server - the server.
 * @param variants - the informers to run.
 * @returns the informers as the scenario checks them.
 */
export function startClientNode(
  server: FakeApiServer,
  variants: readonly InformerVariant[],
): ClientUnderTest {
  const kc = server.kubeConfig();
  const core = kc.makeApiClient(CoreV1Api);
  const restarts = new Set<NodeJS.Timeout>();
  let stopped = false;
  let errorEvents = 0;
  const informers = variants.map((variant) => {
    const { namespace, labelSelector, fieldSelector } = variant;
    const list = () =>
      namespace === undefined
        ? core.listPodForAllNamespaces({ labelSelector, fieldSelector })
        : core.listNamespacedPod({ namespace, labelSelector, fieldSelector });
    const path = namespace === undefined ? '/api/v1/pods' : `/api/v1/namespaces/${namespace}/pods`;
    const informer: Informer<V1Pod> & ObjectCache<V1Pod> =
      fieldSelector === undefined
        ? makeInformer<V1Pod>(kc, path, list, labelSelector)
        : new ListWatch<V1Pod>(path, new Watch(kc), list, false, labelSelector, fieldSelector);
    informer.on('error', () => {
      errorEvents++;
      if (stopped) return;
      const timer = setTimeout(() => {
        restarts.delete(timer);
        if (!stopped) informer.start().catch(() => undefined);
      }, restartDelayMs);
      restarts.add(timer);
    });
    const fast = new EventLog();
    const slow = new EventLog();
    let serial = 0;
    const later = (record: () => void): void => {
      void slowHandlerPause(serial++).then(record);
    };
    informer.on('add', (obj) => {
      fast.add(obj);
      later(() => slow.add(obj));
    });
    informer.on('update', (obj) => {
      fast.update(undefined, obj);
      later(() => slow.update(undefined, obj));
    });
    informer.on('delete', (obj) => {
      fast.delete(obj);
      later(() => slow.delete(obj));
    });
    informer.start().catch(() => undefined);
    return { informer, logs: [fast, slow] };
  });
  return {
    name: 'client-node',
    logs: informers.map((i) => i.logs),
    caches: () =>
      informers.map(({ informer }) => {
        const state: CacheState = new Map();
        for (const obj of informer.list() as KubernetesObject[]) {
          state.set(keyOf(obj), obj.metadata?.resourceVersion ?? '');
        }
        return state;
      }),
    observation: undefined,
    drained: () => true,
    errorTally: (): Record<string, number> =>
      errorEvents > 0 ? { 'error event': errorEvents } : {},
    stop: async () => {
      stopped = true;
      for (const timer of restarts) clearTimeout(timer);
      await Promise.all(informers.map(({ informer }) => informer.stop()));
    },
  };
}
