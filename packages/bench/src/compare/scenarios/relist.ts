/**
 * Relist: all contenders sync the large dataset (untimed); their streams are held while the
 * server closes every watch, changes 1 % of the objects (modifies, deletes, creates) and
 * compacts its history. Each contender in turn is released: its re-watch gets a 410 and it must
 * relist. Timed until its cache and handler hold every change; then the handler's events are
 * counted once they stop (an informer that re-fires an update per object shows it here).
 */
import type { ExpectedEntry } from '../convergence.js';
import type { EventCounts } from '../handlers.js';
import { relistFirstPages, syncFirstPages } from '../plan.js';
import { closeContenders, pauseContender, rotate } from '../processes.js';
import type { ScenarioContext } from './context.js';
import { watchingMisses } from './context.js';
import { releaseAndTime, syncAll } from './throughput.js';

/** @param ctx - the context */
export async function runRelist(ctx: ScenarioContext): Promise<void> {
  const dataset = ctx.plan.large.name;
  const { reps, ...counts } = ctx.plan.relist;
  await ctx.server.call('prefetch', {
    dataset,
    firstPages: syncFirstPages,
    forget: true,
  });
  for (let rep = 0; rep < reps; rep += 1) {
    const children = await syncAll(ctx, dataset);
    ctx.log(`relist #${rep + 1}: changing 1 %, compacting, recording the relists for replay…`);
    const changes = await ctx.server.call<ExpectedEntry[]>('relistChange', {
      dataset,
      ids: children.map((child) => child.proxyId),
      counts,
      tag: `r${rep}`,
      // The next repetition's syncs read the same state: record their lists too.
      firstPages: [...relistFirstPages, ...syncFirstPages],
    });
    const state = await ctx.server.call<ExpectedEntry[]>('state', { dataset });
    // Every process waits paused until its turn (see pauseContender).
    for (const child of children) pauseContender(child);
    for (const child of rotate(children, rep)) {
      const result = await watchingMisses(ctx, dataset, `relist ${child.name}`, () =>
        releaseAndTime(ctx, dataset, child, {
          cache: state,
          handler: changes,
          timeoutMs: ctx.plan.timeoutMs,
        }),
      );
      const events = await child.rpc.call<EventCounts>('quiesce', { quietMs: 300 });
      pauseContender(child);
      ctx.samples.add('relist', child.name, 'wallMs', result.wallMs);
      ctx.samples.add('relist', child.name, 'cpuMs', result.cpuMs);
      if (child.name !== 'floor') {
        ctx.samples.add(
          'relist',
          child.name,
          'handlerEvents',
          events.add + events.update + events.delete,
        );
        ctx.samples.add('relist', child.name, 'adds', events.add);
        ctx.samples.add('relist', child.name, 'updates', events.update);
        ctx.samples.add('relist', child.name, 'deletes', events.delete);
      }
      ctx.samples.add('relist', child.name, 'changes', changes.length);
      ctx.log(
        `relist #${rep + 1} ${child.name}: ${result.wallMs.toFixed(0)} ms, events ${JSON.stringify(events)}`,
      );
    }
    await closeContenders(ctx.server, dataset, children);
  }
}
