/**
 * Dashboard: each contender's view of one namespace (rxkube: `byIndex$` and `list$` with a
 * predicate; client-node: a change handler that must filter the namespace itself) while the
 * server writes to that namespace and, twenty times as often, to the others. Reported as
 * emissions per write: a view that re-renders on writes elsewhere costs the dashboard work.
 */
import type { ConvergeParams } from '../contenderProcess.js';
import type { ViewCounts } from '../contender.js';
import type { ExpectedEntry } from '../convergence.js';
import type { ContenderProcess } from '../processes.js';
import type { ScenarioContext } from './context.js';

/**
 * @param ctx - the context
 * @param dataset - dataset name
 * @param children - synced contender processes
 */
export async function runDashboard(
  ctx: ScenarioContext,
  dataset: string,
  children: readonly ContenderProcess[],
): Promise<void> {
  const { own, others, perTick, tickMs } = ctx.plan.dashboard;
  const namespace = 'ns-0';
  const initial = new Map<ContenderProcess, ViewCounts | null>();
  for (const child of children) {
    initial.set(child, await child.rpc.call<ViewCounts | null>('dashboard', { namespace }));
  }
  const changes = await ctx.server.call<ExpectedEntry[]>('churn', {
    dataset,
    namespace,
    own,
    others,
    perTick,
    tickMs,
  });
  const state = await ctx.server.call<ExpectedEntry[]>('state', { dataset });
  for (const child of children) {
    await child.rpc.call('settle', {
      cache: state,
      handler: changes,
      timeoutMs: ctx.plan.timeoutMs,
    } satisfies ConvergeParams);
    const start = initial.get(child);
    const end = await child.rpc.call<ViewCounts | null>('dashboardCounts');
    if (start === null || start === undefined || end === null) continue;
    const writes = own + others;
    const primary = end.emissions - start.emissions;
    ctx.samples.add('dashboard', child.name, 'emissionsPerWrite', primary / writes);
    ctx.samples.add('dashboard', child.name, 'emissionsPerOwnWrite', primary / own);
    if (end.secondary !== undefined && start.secondary !== undefined) {
      const secondary = end.secondary - start.secondary;
      ctx.samples.add('dashboard', child.name, 'secondaryPerWrite', secondary / writes);
      ctx.samples.add('dashboard', child.name, 'secondaryPerOwnWrite', secondary / own);
    }
  }
}
