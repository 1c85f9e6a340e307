/**
 * Slow consumer: rxkube and client-node each with two handlers, a slow one (1 ms of
 * asynchronous work per event) and a fast probe, take a burst of 100,000 events for 1,000 keys.
 * Timed until the cache and the fast handler hold the last versions (the floor, without
 * handlers, is the reference); then the heap held beyond the pre-burst baseline — mostly the
 * slow handler's buffer — and how far behind the slow handler is.
 */
import { closeContenders } from '../processes.js';
import type { ScenarioContext } from './context.js';
import { syncGroups, timedBursts, warmUp } from './throughput.js';

/** @param ctx - the context */
export async function runSlowConsumer(ctx: ScenarioContext): Promise<void> {
  const dataset = ctx.plan.keys.name;
  const { events, warmup, reps } = ctx.plan.slow;
  const groups = await syncGroups(ctx, dataset, reps, { slowHandler: true });
  await warmUp(ctx, dataset, groups.flat(), warmup);
  ctx.log(`slow-consumer: the server writes ${events} events, held for ${reps} repetitions…`);
  // Each group is closed once timed: its slow handler would go on draining its backlog.
  const figures = await timedBursts(ctx, dataset, groups, events, true, async (group) => {
    await closeContenders(ctx.server, dataset, group);
  });
  for (const [rep, results] of figures.entries()) {
    for (const [child, result] of results) {
      ctx.samples.add('slow-consumer', child.name, 'wallMs', result.wallMs);
      ctx.samples.add('slow-consumer', child.name, 'cpuMs', result.cpuMs);
      ctx.samples.add('slow-consumer', child.name, 'heapBytes', result.heapBytes ?? Number.NaN);
      if (result.slow !== undefined) {
        ctx.samples.add('slow-consumer', child.name, 'slowFinished', result.slow.finished);
        ctx.samples.add('slow-consumer', child.name, 'slowBacklog', result.slow.backlog);
      }
      ctx.log(
        `slow-consumer #${rep + 1} ${child.name}: ${result.wallMs.toFixed(0)} ms, ` +
          `heap +${((result.heapBytes ?? 0) / 1e6).toFixed(0)} MB, slow ${JSON.stringify(result.slow)}`,
      );
    }
  }
}
