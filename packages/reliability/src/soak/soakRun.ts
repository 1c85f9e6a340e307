import { FakeApiServer } from '@rxkube/testing';
import { faultTypes, planFaults, describeFault } from '../faults/faultPlan.js';
import { injectFault } from '../faults/faultDriver.js';
import { eventually, sleep } from '../scenario/eventually.js';
import { expectedCaches, sameCaches } from '../scenario/serverState.js';
import { startRxkube } from '../scenario/rxkubeClient.js';
import { variants } from '../scenario/variants.js';
import { Workload } from '../scenario/workload.js';
import { judgeHeap, sampleHeap, type HeapSample } from './heapSampler.js';

/** Options of {@link runSoak}. */
export interface SoakOptions {
  readonly minutes: number;
  /** Objects loaded at the start. Default 20,000. */
  readonly objects: number;
  /** Changes per second (churn plus changes to loaded objects). Default 2,000. */
  readonly eventsPerSecond: number;
  /** Seconds between faults. Default 5. */
  readonly faultEverySeconds: number;
  /** Seconds between heap samples. Default 60. */
  readonly sampleEverySeconds: number;
  /** Minutes of warm-up before the heap baseline. Default 5 (less for short runs). */
  readonly warmupMinutes: number;
  readonly seed: number;
  readonly print: (line: string) => void;
}

/**
 * The soak: a large cache under steady churn with a fault every few seconds, for `minutes`.
 * Handler logs are not kept (they would grow); caches are compared with the server at the end.
 * The heap is sampled after a forced GC; the run fails if it grows by more than 10 % after the
 * warm-up, or if the caches do not converge at the end.
 *
 * @param options - duration, sizes, rates.
 * @returns whether the run passed, and its samples.
 */
export async function runSoak(
  options: SoakOptions,
): Promise<{ ok: boolean; samples: HeapSample[] }> {
  const { print } = options;
  const server = await FakeApiServer.start({
    seed: options.seed,
    bookmarkIntervalMs: 1_000,
    historyLimit: 20_000,
  });
  const workload = new Workload(server, {
    objects: options.objects,
    churnPerSecond: options.eventsPerSecond * 0.75,
    loadedChangesPerSecond: options.eventsPerSecond * 0.25,
    maxChurnObjects: Math.round(options.objects / 4),
    seed: options.seed,
  });
  const client = startRxkube(server, variants, (lw) => lw, { keepLogs: false });
  const began = Date.now();
  const elapsedMinutes = () => (Date.now() - began) / 60_000;
  const samples: HeapSample[] = [];
  let ok = true;
  try {
    if (!(await eventually(() => client.caches()[0]?.size === options.objects, 120_000, 100))) {
      throw new Error(`the informers did not sync ${options.objects} objects within 120 s`);
    }
    print(`synced ${options.objects} objects in ${((Date.now() - began) / 1000).toFixed(1)} s`);
    workload.start();
    const faults = planFaults(options.seed, 100_000, faultTypes);
    let nextFault = 0;
    let nextSample = 0;
    while (elapsedMinutes() < options.minutes) {
      const step = faults[nextFault++ % faults.length]!;
      await injectFault(server, step, undefined);
      const seconds = (Date.now() - began) / 1000;
      if (seconds >= nextSample) {
        const sample = sampleHeap(elapsedMinutes());
        samples.push(sample);
        const m = client.observation?.requests() ?? [];
        print(
          `t=${sample.minute.toFixed(1)} min heap ${sample.heapMb.toFixed(1)} MB rss ${sample.rssMb.toFixed(0)} MB` +
            ` | changes ${workload.churn.stats.created + workload.churn.stats.updated + workload.churn.stats.deleted + workload.loadedChanges}` +
            ` | requests ${m.join('/')} | last fault ${describeFault(step)} | errors ${JSON.stringify(client.errorTally())}`,
        );
        nextSample += options.sampleEverySeconds;
      }
      await sleep(options.faultEverySeconds * 1000);
    }
    workload.stop();
    server.faults.clear();
    samples.push(sampleHeap(elapsedMinutes()));
    const verdict = judgeHeap(samples, Math.min(options.warmupMinutes, options.minutes / 2), 0.1);
    print(
      `heap after warm-up ${verdict.baselineMb.toFixed(1)} MB → ${verdict.finalMb.toFixed(1)} MB (${(verdict.growth * 100).toFixed(1)} %): ${verdict.ok ? 'ok' : 'GROWING'}`,
    );
    ok &&= verdict.ok;
    const want = expectedCaches(server, variants);
    const converged = await eventually(
      () => client.drained() && sameCaches(want, client.caches()),
      60_000,
      200,
    );
    print(
      `final caches (${want.map((c) => c.size).join('/')} objects) ${converged ? 'converged' : 'DID NOT CONVERGE'}`,
    );
    ok &&= converged;
  } finally {
    workload.stop();
    await client.stop();
    await server.stop();
  }
  return { ok, samples };
}
