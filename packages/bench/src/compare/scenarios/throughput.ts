/**
 * Event throughput: all contenders sync the same server (untimed), take a warm-up of live
 * events, then their streams are held while the server writes 100,000 MODIFIED events; each
 * contender in turn is released and timed until its cache (and handler) hold the last version
 * of every object. The dashboard scenario then runs on the same processes.
 */
import { contenderNames } from '../contender.js';
import type { ConvergeParams, PhaseResult } from '../contenderProcess.js';
import type { ExpectedEntry } from '../convergence.js';
import { closeContender, forkContender, rotate, type ContenderProcess } from '../processes.js';
import type { ScenarioContext } from './context.js';
import { runDashboard } from './dashboard.js';

/**
 * Forks every contender on `dataset` and syncs them one after another (untimed).
 *
 * @returns the synced processes
 */
export async function syncAll(
  ctx: ScenarioContext,
  dataset: string,
  options: { slowHandler?: boolean } = {},
): Promise<ContenderProcess[]> {
  const state = await ctx.server.call<ExpectedEntry[]>('state', { dataset });
  const children: ContenderProcess[] = [];
  for (const name of contenderNames) {
    const child = await forkContender(ctx.server, dataset, name, {
      slowHandler: options.slowHandler === true && name !== 'floor',
      track: true,
      extraArgs: ctx.contenderArgs,
    });
    await child.rpc.call<PhaseResult>('sync', {
      cache: state,
      adds: state.length,
      timeoutMs: ctx.plan.timeoutMs,
    } satisfies ConvergeParams);
    children.push(child);
  }
  return children;
}

/**
 * Sends `count` live events and waits until every contender has them (JIT warm-up, and a watch
 * that has carried events, so no client sees its next close as a "very short watch").
 */
export async function warmUp(
  ctx: ScenarioContext,
  dataset: string,
  children: readonly ContenderProcess[],
  count: number,
): Promise<void> {
  const changes = await ctx.server.call<ExpectedEntry[]>('modify', { dataset, count });
  const state = await ctx.server.call<ExpectedEntry[]>('state', { dataset });
  await Promise.all(
    children.map((child) =>
      child.rpc.call('settle', {
        cache: state,
        handler: changes,
        timeoutMs: ctx.plan.timeoutMs,
      } satisfies ConvergeParams),
    ),
  );
}

/**
 * Holds every stream, has the server write `count` events, then releases and times each
 * contender in turn (rotated by `rep`).
 *
 * @returns each contender's figures
 */
export async function timedBursts(
  ctx: ScenarioContext,
  dataset: string,
  children: readonly ContenderProcess[],
  count: number,
  rep: number,
  measureMemory: boolean,
): Promise<Map<ContenderProcess, PhaseResult>> {
  const { changes, generatedMs, sealedMs } = await ctx.server.call<{
    changes: ExpectedEntry[];
    generatedMs: number;
    sealedMs: number;
  }>('burst', { dataset, count, ids: children.map((child) => child.proxyId) });
  ctx.log(
    `  the server wrote ${count} events in ${(generatedMs / 1000).toFixed(1)} s ` +
      `(+${(sealedMs / 1000).toFixed(1)} s until every proxy held them)`,
  );
  const state = await ctx.server.call<ExpectedEntry[]>('state', { dataset });
  const results = new Map<ContenderProcess, PhaseResult>();
  for (const child of rotate(children, rep)) {
    await child.rpc.call('arm', {
      cache: state,
      handler: changes,
      timeoutMs: ctx.plan.timeoutMs,
      measureMemory,
    } satisfies ConvergeParams);
    await ctx.server.call('release', { dataset, id: child.proxyId });
    results.set(child, await child.rpc.call<PhaseResult>('result'));
  }
  return results;
}

/** @param ctx - the context */
export async function runThroughput(ctx: ScenarioContext): Promise<void> {
  const dataset = ctx.plan.small.name;
  const { events, warmup, reps } = ctx.plan.throughput;
  for (let rep = 0; rep < reps; rep += 1) {
    const children = await syncAll(ctx, dataset);
    await warmUp(ctx, dataset, children, warmup);
    ctx.log(`event-throughput #${rep + 1}: the server writes ${events} events…`);
    const results = await timedBursts(ctx, dataset, children, events, rep, false);
    for (const [child, result] of results) {
      ctx.samples.add('event-throughput', child.name, 'wallMs', result.wallMs);
      ctx.samples.add('event-throughput', child.name, 'cpuMs', result.cpuMs);
      ctx.samples.add(
        'event-throughput',
        child.name,
        'wallPerEventMicros',
        (result.wallMs * 1000) / events,
      );
      ctx.samples.add(
        'event-throughput',
        child.name,
        'cpuPerEventMicros',
        (result.cpuMs * 1000) / events,
      );
      ctx.samples.add(
        'event-throughput',
        child.name,
        'eventsPerSecond',
        events / (result.wallMs / 1000),
      );
      ctx.log(`event-throughput #${rep + 1} ${child.name}: ${result.wallMs.toFixed(0)} ms`);
    }
    await runDashboard(ctx, dataset, children);
    for (const child of children) await closeContender(ctx.server, dataset, child);
  }
}
