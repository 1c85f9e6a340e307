/**
 * Runs a scenario on a whole-body server (`wholeBodyServer.ts`) of its own: a process started for
 * the scenario and stopped after it, so its encoded bytes take no memory during other scenarios.
 */
import type { DatasetSpec } from '../dataset.js';
import { ServerPool } from '../serverPool.js';
import type { ScenarioContext } from './context.js';

/**
 * @param ctx - the run's context
 * @param spec - the dataset
 * @param events - MODIFIED events to encode in advance (0: lists only)
 * @param run - the scenario, given a context whose `server` is the whole-body server
 */
export async function onWholeBodyServer(
  ctx: ScenarioContext,
  spec: DatasetSpec,
  events: number,
  run: (ctx: ScenarioContext) => Promise<void>,
): Promise<void> {
  const server = new ServerPool(ctx.contenderArgs, 'wholeBodyServerProcess.js');
  try {
    ctx.log(`${spec.name}: encoding ${spec.pods} pods and ${events} events in advance…`);
    await server.start([spec], { events });
    await run({ ...ctx, server });
  } finally {
    await server.close();
  }
}
