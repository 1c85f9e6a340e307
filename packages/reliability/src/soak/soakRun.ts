import type { Logger } from '@rxkube/informer';
import { faultTypes, planFaults, describeFault } from '../faults/faultPlan.js';
import { diffStates } from '../scenario/eventLog.js';
import { pollUntil, sleep } from '@rxkube/devkit';
import { sameCaches } from '../scenario/serverState.js';
import { startRxkube } from '../scenario/rxkubeClient.js';
import { variants } from '../scenario/variants.js';
import { judgeHeap, sampleHeap, type HeapSample } from './heapSampler.js';
import { ServerThread } from './serverThread.js';

/**
 * The soak's asynchronous handler: it awaits every event and yields to the event loop every
 * hundredth, so it stays asynchronous yet keeps up with thousands of events per second (a
 * handler slower than the churn would grow its buffer for the whole run, which is no leak).
 *
 * @param serial - the event's position.
 * @returns a promise settling when the handler is done.
 */
function slowPause(serial: number): Promise<void> {
  return serial % 100 === 0 ? new Promise((resolve) => setImmediate(resolve)) : Promise.resolve();
}

/** Options of {@link runSoak}. */
interface SoakOptions {
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
  /** Receives every informer's diagnostics, debug included (`--log FILE`). */
  readonly logger?: Logger;
}

/**
 * The soak: a large cache under steady churn with a fault every few seconds, for `minutes`.
 * The server and its workload run in a thread of their own (see {@link ServerThread}), so the
 * heap sampled here, after a forced GC, is the informers'. Handler logs are not kept (they would
 * grow); caches are compared with the server at the end. The run fails if the heap grows by
 * more than 10 % after the warm-up, or if the caches do not converge at the end.
 *
 * @param options - duration, sizes, rates.
 * @returns whether the run passed, and its samples.
 */
export async function runSoak(
  options: SoakOptions,
): Promise<{ ok: boolean; samples: HeapSample[] }> {
  const { print } = options;
  const { objects, eventsPerSecond, seed } = options;
  const server = await ServerThread.start({ objects, eventsPerSecond, seed });
  const client = startRxkube(server, variants, (lw) => lw, {
    keepLogs: false,
    slowPause,
    logger: options.logger,
  });
  const began = Date.now();
  const elapsedMinutes = () => (Date.now() - began) / 60_000;
  const samples: HeapSample[] = [];
  let ok = true;
  try {
    if (
      !(await pollUntil(() => client.caches()[0]?.size === options.objects, {
        timeoutMs: 120_000,
        pollMs: 100,
      }))
    ) {
      throw new Error(`the informers did not sync ${options.objects} objects within 120 s`);
    }
    print(`synced ${options.objects} objects in ${((Date.now() - began) / 1000).toFixed(1)} s`);
    await server.startLoad();
    let [lastChanges, lastAt] = [0, Date.now()];
    const faults = planFaults(options.seed, 100_000, faultTypes);
    let nextFault = 0;
    let nextSample = 0;
    while (elapsedMinutes() < options.minutes) {
      const step = faults[nextFault++ % faults.length]!;
      await server.fault(step);
      if ((Date.now() - began) / 1000 >= nextSample) {
        const sample = sampleHeap(elapsedMinutes());
        samples.push(sample);
        const stats = await server.stats();
        const rate = (stats.changes - lastChanges) / ((Date.now() - lastAt) / 1000);
        [lastChanges, lastAt] = [stats.changes, Date.now()];
        print(
          `t=${sample.minute.toFixed(1)} min heap ${sample.heapMb.toFixed(1)} MB rss ${sample.rssMb.toFixed(0)} MB` +
            ` | objects ${stats.objects} | changes ${stats.changes} (${rate.toFixed(0)}/s, skipped ${stats.skipped})` +
            ` | requests ${(client.observation?.requests() ?? []).join('/')} | last fault ${describeFault(step)}` +
            ` | errors ${JSON.stringify(client.errorTally())}`,
        );
        nextSample += options.sampleEverySeconds;
      }
      await sleep(options.faultEverySeconds * 1000);
    }
    await server.stopLoad();
    const warmup = Math.min(options.warmupMinutes, options.minutes / 2);
    const verdict = judgeHeap(samples, warmup, 0.1);
    const judged = samples.filter((s) => s.minute >= warmup).map((s) => s.heapMb);
    print(
      `heap after warm-up (medians of up to 5 samples at each end) ${verdict.baselineMb.toFixed(1)} MB → ${verdict.finalMb.toFixed(1)} MB (${(verdict.growth * 100).toFixed(1)} %; samples ${Math.min(...judged).toFixed(1)}–${Math.max(...judged).toFixed(1)} MB): ${verdict.ok ? 'ok' : 'GROWING'}`,
    );
    ok &&= verdict.ok;
    const want = await server.expected();
    const converged = await pollUntil(() => client.drained() && sameCaches(want, client.caches()), {
      timeoutMs: 60_000,
      pollMs: 200,
    });
    print(
      `final caches (${want.map((c) => c.size).join('/')} objects) ${converged ? 'converged' : 'DID NOT CONVERGE'}`,
    );
    if (!converged) {
      const caches = client.caches();
      want.forEach((state, i) => {
        const diff = diffStates(state, caches[i] ?? new Map());
        if (diff.length > 0) print(`  ${variants[i]?.name ?? i}: ${diff.join('; ')}`);
      });
      for (const line of client.details?.() ?? []) print(`  ${line}`);
    }
    if (converged) {
      print(
        `heap once converged, load stopped: ${sampleHeap(elapsedMinutes()).heapMb.toFixed(1)} MB`,
      );
    }
    ok &&= converged;
  } finally {
    await client.stop();
    await server.stop();
  }
  return { ok, samples };
}
