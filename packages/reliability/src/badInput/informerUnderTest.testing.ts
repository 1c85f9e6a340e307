import {
  SharedIndexInformer,
  silentLogger,
  type InformerError,
  type SharedIndexInformerOptions,
} from '@rxkube/informer';
import { listerWatcher, type ListerWatcherOptions } from '@rxkube/informer/node';
import type { KubeObject } from '@rxkube/store';
import { EventLog, keyOf } from '../scenario/eventLog.js';
import { pollUntil } from '@rxkube/devkit';
import type { ScriptedServer } from './scriptedServer.testing.js';

/** An informer on a scripted server, with its errors and one handler's log. */
export interface InformerUnderTest {
  readonly informer: SharedIndexInformer<KubeObject>;
  readonly errors: InformerError[];
  readonly log: EventLog;
  /** The cache as `key@rv`, sorted. */
  cache(): string[];
  /** Waits (bounded) until `condition` holds, then throws with the state if it never did. */
  until(condition: () => boolean, what: string): Promise<void>;
}

/**
 * Starts an informer on pods of a scripted server, with quick retries, idle detection off
 * (scripted watches hold silently) and no console output.
 */
export function startInformer(
  server: ScriptedServer,
  options: SharedIndexInformerOptions<KubeObject> = {},
  lwOptions: ListerWatcherOptions<KubeObject> = {},
): InformerUnderTest {
  const informer = new SharedIndexInformer<KubeObject>(
    listerWatcher(server.kubeConfig(), { version: 'v1', plural: 'pods' }, lwOptions),
    {
      // List-then-watch: the scripted server answers lists and watches as scripted, and a
      // streaming list would take a watch script.
      reflector: { backoff: { initialMs: 10, maxMs: 50 }, idleTimeoutMs: 0, streamingList: false },
      // The tests read failures from errors$.
      logger: silentLogger,
      ...options,
    },
  );
  const errors: InformerError[] = [];
  const log = new EventLog();
  informer.errors$.subscribe((error) => errors.push(error));
  informer.addEventHandler({
    onAdd: (obj) => log.add(obj),
    onUpdate: (oldObj, newObj) => log.update(oldObj, newObj),
    onDelete: (obj) => log.delete(obj),
  });
  informer.start();
  const cache = () =>
    informer
      .getIndexer()
      .list()
      .map((o) => `${keyOf(o)}@${o.metadata?.resourceVersion ?? ''}`)
      .sort();
  return {
    informer,
    errors,
    log,
    cache,
    until: async (condition, what) => {
      if (!(await pollUntil(condition, { timeoutMs: 10_000, pollMs: 10 }))) {
        throw new Error(
          `timed out waiting for ${what}; cache ${JSON.stringify(cache())}; errors ${JSON.stringify(errors.slice(0, 5).map((e) => e.message))}; requests ${JSON.stringify(server.requests)}`,
        );
      }
    },
  };
}
