import {
  SharedIndexInformer,
  silentLogger,
  type InformerError,
  type ListerWatcher,
  type Logger,
} from '@rxkube/informer';
import { listerWatcher } from '@rxkube/informer/node';
import type { KubeObject } from '@rxkube/store';
import type { FakeApiServer } from '@rxkube/testing';
import type { ClientUnderTest } from './clientUnderTest.js';
import { slowHandlerPause } from './clientUnderTest.js';
import { EventLog, keyOf, type CacheState } from './eventLog.js';
import type { InformerVariant } from './variants.js';

/** Reflector timing for scenarios: quick retries and quick dead-watch detection. */
export const scenarioReflectorOptions = {
  backoff: { initialMs: 20, maxMs: 400 },
  bookmarkIntervalMs: 100,
  idleTimeoutMs: 3_000,
} as const;

/**
 * The type an error is tallied under: its kind, plus the code for API errors.
 *
 * @param error - the error.
 * @returns e.g. `api 410`.
 */
function errorType(error: InformerError): string {
  return error.kind === 'api' ? `api ${(error as { code?: number }).code ?? '?'}` : error.kind;
}

/**
 * Starts one rxkube `SharedIndexInformer` per variant, each with a fast synchronous handler and
 * a slow asynchronous one logging every event.
 *
 * @param server - the server to list and watch.
 * @param variants - the informers to run.
 * @param wrap - wraps each lister-watcher (tests use it to break one on purpose).
 * @param options - `keepLogs: false` for long runs, where logs would grow without bound;
 * `slowPause` replaces the slow handler's pause (a soak at thousands of events per second needs
 * one the handler can keep up with, or its buffer grows for as long as the run lasts); `logger`
 * receives every informer's diagnostics (the soak's `--log`).
 * @returns the informers as the scenario checks them.
 */
export function startRxkube(
  server: Pick<FakeApiServer, 'kubeConfig'>,
  variants: readonly InformerVariant[],
  wrap: (lw: ListerWatcher<KubeObject>) => ListerWatcher<KubeObject> = (lw) => lw,
  options: {
    keepLogs?: boolean;
    slowPause?: (serial: number) => Promise<void>;
    logger?: Logger;
  } = {},
): ClientUnderTest {
  const kubeConfig = server.kubeConfig();
  const errors: InformerError[] = [];
  const pause = options.slowPause ?? slowHandlerPause;
  const informers = variants.map((variant) => {
    const lw = listerWatcher<KubeObject>(
      kubeConfig,
      { version: 'v1', plural: 'pods' },
      {
        namespace: variant.namespace,
        labelSelector: variant.labelSelector,
        fieldSelector: variant.fieldSelector,
        listIdleTimeoutMs: scenarioReflectorOptions.idleTimeoutMs,
      },
    );
    return new SharedIndexInformer(wrap(lw), {
      reflector: scenarioReflectorOptions,
      name: variant.name,
      // The scenario accounts for every error itself; the console would only repeat them.
      logger: options.logger ?? silentLogger,
    });
  });
  const logs = informers.map((informer) => {
    const fast = new EventLog(options.keepLogs ?? true);
    const slow = new EventLog(options.keepLogs ?? true);
    informer.errors$.subscribe((error) => errors.push(error));
    informer.addEventHandler(
      {
        onAdd: (obj) => fast.add(obj),
        onUpdate: (oldObj, newObj) => fast.update(oldObj, newObj),
        onDelete: (obj) => fast.delete(obj),
      },
      { name: 'fast' },
    );
    let serial = 0;
    informer.addEventHandler(
      {
        onAdd: async (obj) => {
          await pause(serial++);
          slow.add(obj);
        },
        onUpdate: async (oldObj, newObj) => {
          await pause(serial++);
          slow.update(oldObj, newObj);
        },
        onDelete: async (obj) => {
          await pause(serial++);
          slow.delete(obj);
        },
      },
      { name: 'slow' },
    );
    informer.start();
    return [fast, slow];
  });

  return {
    name: 'rxkube',
    logs,
    caches: () =>
      informers.map((informer) => {
        const state: CacheState = new Map();
        for (const obj of informer.getIndexer().list())
          state.set(keyOf(obj), obj.metadata?.resourceVersion ?? '');
        return state;
      }),
    observation: {
      errors: (match) => errors.filter(match).length,
      requests: () =>
        informers.map((informer) => {
          const m = informer.metrics();
          return m.lists + m.watches;
        }),
    },
    drained: () =>
      informers.every((informer) => {
        const m = informer.metrics();
        return m.fifoDepth === 0 && m.handlers.every((h) => h.buffered === 0);
      }),
    details: () =>
      informers.map((informer, i) => {
        const { handlers, ...m } = informer.metrics();
        const buffered = handlers.map((h) => `${h.name} ${h.buffered}`).join(', ');
        return `${variants[i]?.name ?? i}: ${JSON.stringify(m)} buffered: ${buffered}`;
      }),
    errorTally: () => {
      const tally: Record<string, number> = {};
      for (const error of errors) tally[errorType(error)] = (tally[errorType(error)] ?? 0) + 1;
      return tally;
    },
    stop: async () => {
      for (const informer of informers) informer.stop();
    },
  };
}
