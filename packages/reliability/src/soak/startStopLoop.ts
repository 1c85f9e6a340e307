import { SharedIndexInformer } from '@rxkube/informer';
import { listerWatcher } from '@rxkube/informer/node';
import type { KubeObject } from '@rxkube/store';
import { FakeApiServer, loadPods } from '@rxkube/testing';
import { pollUntil } from '@rxkube/devkit';
import { activeResources, leakedResources } from '../scenario/processHealth.js';
import { sampleHeap } from './heapSampler.js';

/** Options of {@link startStopLoop}. */
interface StartStopOptions {
  /** Informers to start and stop. */
  readonly informers: number;
  /** How many run at the same time. Default 20. */
  readonly parallel: number;
  /** Objects each informer lists. Default 50. */
  readonly objects: number;
  /** Allowed heap growth over the baseline, as a fraction. Default 0.1. */
  readonly maxHeapGrowth: number;
  readonly print: (line: string) => void;
}

/** Figures of a start/stop loop. */
interface StartStopResult {
  readonly ok: boolean;
  readonly baselineHeapMb: number;
  readonly finalHeapMb: number;
  /** Handle types with more instances after the loop than before. */
  readonly leakedHandles: string[];
  readonly openConnections: number;
  readonly openWatches: number;
}

/**
 * Starts and stops many informers (each lists, syncs, opens its watch, gets a handler and a
 * resync schedule, then stops), and checks that the heap, the process's handles and the
 * server's connections come back to their baseline.
 *
 * @param options - counts and limits.
 * @returns the figures and the verdict.
 */
export async function startStopLoop(options: StartStopOptions): Promise<StartStopResult> {
  const server = await FakeApiServer.start({ seed: 1, bookmarkIntervalMs: 1_000 });
  loadPods(server, { count: options.objects, namespaces: ['a', 'b'] });
  const kubeConfig = server.kubeConfig();
  const cycle = async (): Promise<void> => {
    const informer = new SharedIndexInformer<KubeObject>(
      listerWatcher(kubeConfig, { version: 'v1', plural: 'pods' }),
    );
    let seen = 0;
    informer.addEventHandler({ onAdd: () => seen++ }, { resyncPeriod: 60_000 });
    informer.errors$.subscribe();
    informer.start();
    await informer.waitForCacheSync();
    const running = () => informer.metrics().watches >= 1 && seen === options.objects;
    if (!(await pollUntil(running, { timeoutMs: 10_000, pollMs: 5 }))) {
      throw new Error(
        `an informer did not reach its watch with ${options.objects} objects in 10 s`,
      );
    }
    informer.stop();
  };
  const batch = async (count: number): Promise<void> => {
    for (let done = 0; done < count;) {
      const n = Math.min(options.parallel, count - done);
      await Promise.all(Array.from({ length: n }, cycle));
      done += n;
    }
  };
  const settle = () =>
    pollUntil(() => server.openConnections === 0 && server.openWatches === 0, {
      timeoutMs: 10_000,
      pollMs: 10,
    });

  try {
    await batch(Math.min(50, options.informers)); // warm-up: code, pools, JIT
    await settle();
    const baselineHandles = activeResources();
    const baseline = sampleHeap(0);
    const began = Date.now();
    await batch(options.informers);
    await settle();
    let leaked: string[] = [];
    await pollUntil(
      () => (leaked = leakedResources(baselineHandles, activeResources())).length === 0,
      { timeoutMs: 5_000, pollMs: 10 },
    );
    const final = sampleHeap((Date.now() - began) / 60_000);
    const growth = (final.heapMb - baseline.heapMb) / baseline.heapMb;
    const ok =
      growth <= options.maxHeapGrowth &&
      leaked.length === 0 &&
      server.openConnections === 0 &&
      server.openWatches === 0;
    options.print(
      `${options.informers} informers started and stopped in ${((Date.now() - began) / 1000).toFixed(1)} s` +
        ` | heap ${baseline.heapMb.toFixed(1)} MB → ${final.heapMb.toFixed(1)} MB (${(growth * 100).toFixed(1)} %)` +
        ` | handles left: ${leaked.join(', ') || 'none'}` +
        ` | server: ${server.openConnections} connections, ${server.openWatches} watches open` +
        ` | ${ok ? 'ok' : 'LEAK'}`,
    );
    return {
      ok,
      baselineHeapMb: baseline.heapMb,
      finalHeapMb: final.heapMb,
      leakedHandles: leaked,
      openConnections: server.openConnections,
      openWatches: server.openWatches,
    };
  } finally {
    await server.stop();
  }
}
