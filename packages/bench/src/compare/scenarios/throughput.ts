/**
 * Event throughput: a group of contenders per repetition syncs the same server (untimed) and
 * takes a warm-up of live events; then every stream is held while the server writes 100,000
 * MODIFIED events once. Group after group, each contender in turn is released and timed until
 * its cache (and handler) hold the last version of every object. The dashboard scenario then
 * runs on the same processes.
 */
import { type ContenderName, contenderNames } from '../contender.js';
import type { ConvergeParams, PhaseResult } from '../contenderProcess.js';
import type { ExpectedEntry } from '../convergence.js';
import {
  closeContenders,
  forkContender,
  pauseContender,
  resumeContender,
  rotate,
  type ContenderProcess,
} from '../processes.js';
import type { ScenarioContext } from './context.js';
import { runDashboard } from './dashboard.js';
import { recordEventFigures } from './eventFigures.js';

/**
 * Untimed syncs run this many at a time: one per core. Nothing is measured while a group
 * syncs, and each process ends in the same state however its sync was scheduled.
 */
const untimedSyncs = 2;

/**
 * Forks a process per name on `dataset` and syncs them (untimed), {@link untimedSyncs} at once.
 *
 * @returns the synced processes, in the order of `names`
 */
async function syncContenders(
  ctx: ScenarioContext,
  dataset: string,
  names: readonly ContenderName[],
  options: { slowHandler?: boolean },
): Promise<ContenderProcess[]> {
  const state = await ctx.server.call<ExpectedEntry[]>('state', { dataset });
  const children: ContenderProcess[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < names.length) {
      const index = next++;
      const name = names[index] as ContenderName;
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
      children[index] = child;
    }
  };
  await Promise.all(Array.from({ length: untimedSyncs }, worker));
  return children;
}

/**
 * Forks every contender on `dataset` and syncs them (untimed).
 *
 * @returns the synced processes
 */
export function syncAll(
  ctx: ScenarioContext,
  dataset: string,
  options: { slowHandler?: boolean } = {},
): Promise<ContenderProcess[]> {
  return syncContenders(ctx, dataset, contenderNames, options);
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
 * Forks and syncs one group of every contender per repetition (see {@link syncAll}).
 *
 * @returns the groups, one per repetition
 */
export async function syncGroups(
  ctx: ScenarioContext,
  dataset: string,
  reps: number,
  options: { slowHandler?: boolean } = {},
): Promise<ContenderProcess[][]> {
  const names = Array.from({ length: reps }, () => contenderNames).flat();
  const children = await syncContenders(ctx, dataset, names, options);
  const size = contenderNames.length;
  return Array.from({ length: reps }, (_, rep) => children.slice(rep * size, (rep + 1) * size));
}

/**
 * Resumes a paused contender, starts its clock, releases what its proxy holds and waits until it
 * has converged.
 *
 * @returns its figures
 */
export async function releaseAndTime(
  ctx: ScenarioContext,
  dataset: string,
  child: ContenderProcess,
  params: ConvergeParams,
): Promise<PhaseResult> {
  resumeContender(child);
  await child.rpc.call('arm', params);
  await ctx.server.call('release', { dataset, id: child.proxyId });
  return child.rpc.call<PhaseResult>('result');
}

/**
 * Holds the streams of every group, has the server write `count` events once for all of them,
 * then releases and times the groups one after another, each contender in turn (group `r`
 * rotated by `r`). One burst serves every repetition: writing it is the slowest part of the
 * scenario, and the held bytes are the same for every client.
 *
 * @param afterGroup - runs once a group's figures are in (e.g. closes it, so that a slow
 *   handler still draining cannot share the cores with the next group's timing)
 * @returns each group's figures, by contender
 */
export async function timedBursts(
  ctx: ScenarioContext,
  dataset: string,
  groups: readonly (readonly ContenderProcess[])[],
  count: number,
  measureMemory: boolean,
  afterGroup: (group: readonly ContenderProcess[]) => Promise<void> = async () => undefined,
): Promise<Map<ContenderProcess, PhaseResult>[]> {
  // Every process waits paused until its turn (see pauseContender): from the burst on, none has
  // anything to do but wait for its stream.
  for (const child of groups.flat()) pauseContender(child);
  const { changes, generatedMs, sealedMs } = await ctx.server.call<{
    changes: ExpectedEntry[];
    generatedMs: number;
    sealedMs: number;
  }>('burst', { dataset, count, ids: groups.flat().map((child) => child.proxyId) });
  ctx.log(
    `  the server wrote ${count} events in ${(generatedMs / 1000).toFixed(1)} s ` +
      `(+${(sealedMs / 1000).toFixed(1)} s until every proxy held them)`,
  );
  const state = await ctx.server.call<ExpectedEntry[]>('state', { dataset });
  const params: ConvergeParams = {
    cache: state,
    handler: changes,
    timeoutMs: ctx.plan.timeoutMs,
    measureMemory,
  };
  const held = performance.now();
  const figures: Map<ContenderProcess, PhaseResult>[] = [];
  for (const [rep, group] of groups.entries()) {
    const results = new Map<ContenderProcess, PhaseResult>();
    for (const child of rotate(group, rep)) {
      results.set(child, await releaseAndTime(ctx, dataset, child, params));
      pauseContender(child);
    }
    figures.push(results);
    await afterGroup(group);
  }
  for (const child of groups.flat()) resumeContender(child);
  ctx.log(
    `  the last stream was held ${((performance.now() - held) / 1000).toFixed(0)} s after the burst`,
  );
  return figures;
}

/** @param ctx - the context */
export async function runThroughput(ctx: ScenarioContext): Promise<void> {
  const dataset = ctx.plan.small.name;
  const { events, warmup, reps } = ctx.plan.throughput;
  const groups = await syncGroups(ctx, dataset, reps);
  await warmUp(ctx, dataset, groups.flat(), warmup);
  ctx.log(`event-throughput: the server writes ${events} events, held for ${reps} repetitions…`);
  const figures = await timedBursts(ctx, dataset, groups, events, false);
  for (const [rep, results] of figures.entries()) {
    for (const [child, result] of results) {
      recordEventFigures(ctx, 'event-throughput', child.name, result, events);
      ctx.log(`event-throughput #${rep + 1} ${child.name}: ${result.wallMs.toFixed(0)} ms`);
    }
  }
  // One dashboard run over every group: one sample per process, as with a run per repetition.
  const children = groups.flat();
  await runDashboard(ctx, dataset, children);
  await closeContenders(ctx.server, dataset, children);
}
