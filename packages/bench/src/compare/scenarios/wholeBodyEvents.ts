/**
 * Event throughput on the whole-body workload. A group of all three contenders per repetition
 * syncs the events dataset (untimed) and takes live warm-up events; every process then waits
 * paused while the server commits 100,000 MODIFIED events, encoded in advance. Group after
 * group, each contender in turn is resumed, its clock started and its stream released: the
 * server writes every line as fast as the socket takes them, and the clock stops when the
 * contender's cache and handler hold the last version of every pod.
 */
import type { ConvergeParams } from '../contenderProcess.js';
import type { ExpectedEntry } from '../convergence.js';
import { closeContenders, pauseContender, rotate } from '../processes.js';
import type { ScenarioContext } from './context.js';
import { recordEventFigures } from './eventFigures.js';
import { onWholeBodyServer } from './onWholeBodyServer.js';
import { releaseAndTime, syncGroups, warmUp } from './throughput.js';

/** The scenario's id in the results. */
export const wholeBodyEventsScenario = 'whole-body-events';

/** @param ctx - the run's context */
export async function runWholeBodyEvents(ctx: ScenarioContext): Promise<void> {
  const { events: spec, eventCount, warmup, reps } = ctx.plan.wholeBody;
  const dataset = spec.name;
  await onWholeBodyServer(ctx, spec, warmup + eventCount, async (scoped) => {
    const groups = await syncGroups(scoped, dataset, reps);
    await warmUp(scoped, dataset, groups.flat(), warmup);
    // From here on no process has anything to do but wait for its stream (see pauseContender).
    for (const child of groups.flat()) pauseContender(child);
    const changes = await scoped.server.call<ExpectedEntry[]>('commit', {
      dataset,
      count: eventCount,
    });
    const params: ConvergeParams = {
      cache: await scoped.server.call<ExpectedEntry[]>('state', { dataset }),
      handler: changes,
      timeoutMs: ctx.plan.timeoutMs,
    };
    ctx.log(`${wholeBodyEventsScenario}: ${eventCount} events, ${reps} repetitions…`);
    for (const [rep, group] of groups.entries()) {
      for (const child of rotate(group, rep)) {
        const result = await releaseAndTime(scoped, dataset, child, params);
        pauseContender(child);
        recordEventFigures(ctx, wholeBodyEventsScenario, child.name, result, eventCount);
        ctx.log(
          `${wholeBodyEventsScenario} #${rep + 1} ${child.name}: ${result.wallMs.toFixed(0)} ms`,
        );
      }
    }
    await closeContenders(scoped.server, dataset, groups.flat());
  });
}
