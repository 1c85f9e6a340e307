/**
 * Initial sync on the whole-body workload: the same measurement as `initialSync.ts` (a fresh
 * process per contender and repetition, rotating order, convergence, retained heap, peak RSS),
 * against a server that writes the whole list answer at once from bytes encoded in advance.
 * When the bytes arrive that fast, parsing items while they stream hides nothing: this is the
 * sync's own cost.
 */
import type { ScenarioContext } from './context.js';
import { runInitialSync } from './initialSync.js';
import { onWholeBodyServer } from './onWholeBodyServer.js';

/** The scenario's id in the results. */
export const wholeBodySyncScenario = 'whole-body-sync';

/** @param ctx - the run's context */
export async function runWholeBodySync(ctx: ScenarioContext): Promise<void> {
  const spec = ctx.plan.wholeBody.sync;
  await onWholeBodyServer(ctx, spec, 0, (scoped) =>
    runInitialSync(scoped, spec, wholeBodySyncScenario, false),
  );
}
