/**
 * Initial sync: a fresh process per contender and repetition lists and watches a server holding
 * N realistic pods; the clock runs from `start()` until every object is cached at its version
 * and the handler has seen every add. Then the heap retained after forced GC and the peak RSS,
 * and, on the large dataset, query latencies on the synced cache.
 */
import { contenderNames } from '../contender.js';
import type { ConvergeParams, PhaseResult } from '../contenderProcess.js';
import type { ExpectedEntry } from '../convergence.js';
import { type DatasetSpec, namespaceNames } from '../dataset.js';
import { syncFirstPages } from '../plan.js';
import { closeContender, forkContender, rotate } from '../processes.js';
import type { ScenarioContext } from './context.js';
import { watchingMisses } from './context.js';
import type { QueryParams, QueryTimings } from './queryTimings.js';

/**
 * @param ctx - the context
 * @param spec - the dataset
 * @param scenario - scenario id, e.g. `initial-sync-50k`
 * @param withQueries - also time the queries on the synced caches
 */
export async function runInitialSync(
  ctx: ScenarioContext,
  spec: DatasetSpec,
  scenario: string,
  withQueries: boolean,
): Promise<void> {
  const dataset = spec.name;
  ctx.log(`${scenario}: recording the lists for replay…`);
  await ctx.server.call('prefetch', {
    dataset,
    firstPages: syncFirstPages,
    forget: true,
  });
  const state = await ctx.server.call<ExpectedEntry[]>('state', { dataset });
  for (let rep = 0; rep < ctx.plan.syncReps; rep += 1) {
    for (const name of rotate(contenderNames, rep)) {
      const child = await forkContender(ctx.server, dataset, name, {
        extraArgs: ctx.contenderArgs,
      });
      const result = await watchingMisses(ctx, dataset, `${scenario} ${name}`, () =>
        child.rpc.call<PhaseResult>('sync', {
          cache: state,
          adds: state.length,
          timeoutMs: ctx.plan.timeoutMs,
          measureMemory: true,
        } satisfies ConvergeParams),
      );
      ctx.samples.add(scenario, name, 'wallMs', result.wallMs);
      ctx.samples.add(scenario, name, 'cpuMs', result.cpuMs);
      ctx.samples.add(scenario, name, 'heapBytes', result.heapBytes ?? Number.NaN);
      ctx.samples.add(
        scenario,
        name,
        'heapPerObject',
        (result.heapBytes ?? Number.NaN) / state.length,
      );
      ctx.samples.add(scenario, name, 'peakRssBytes', result.peakRssBytes);
      ctx.log(
        `${scenario} #${rep + 1} ${name}: ${result.wallMs.toFixed(0)} ms, ` +
          `${((result.heapBytes ?? 0) / state.length).toFixed(0)} B/object`,
      );
      if (withQueries) {
        const timings = await child.rpc.call<QueryTimings>('queries', {
          namespaces: namespaceNames(spec),
          label: ctx.plan.queries.label,
          value: ctx.plan.queries.value,
          minMs: ctx.plan.queries.minMs,
          perNamespace: spec.pods / spec.namespaces,
        } satisfies QueryParams);
        ctx.samples.add('queries', name, 'namespaceMicros', timings.namespaceMicros);
        ctx.samples.add('queries', name, 'namespaceLabelMicros', timings.namespaceLabelMicros);
      }
      await closeContender(ctx.server, dataset, child);
    }
  }
}
