import type { ServerPool } from '../serverPool.js';
import type { Plan } from '../plan.js';
import type { Samples } from '../samples.js';

/** What every scenario runner gets from the orchestrator. */
export interface ScenarioContext {
  readonly server: ServerPool;
  readonly plan: Plan;
  readonly samples: Samples;
  /** Warnings worth printing with the results (e.g. lists the replay cache missed). */
  readonly notes: string[];
  /** Extra Node flags for contender processes (e.g. `--cpu-prof`). */
  readonly contenderArgs: readonly string[];
  /** Progress on stderr. */
  log(message: string): void;
}

/**
 * Runs `work` and notes any list request that went to the server meanwhile: inside a timed
 * phase that would put the server's cost on the client's clock.
 *
 * @param ctx - the context
 * @param dataset - dataset name
 * @param what - names the phase in the note
 * @param work - the timed phase
 * @returns what `work` returns
 */
export async function watchingMisses<R>(
  ctx: ScenarioContext,
  dataset: string,
  what: string,
  work: () => Promise<R>,
): Promise<R> {
  const before = (await ctx.server.call<string[]>('misses', { dataset })).length;
  const result = await work();
  const missed = (await ctx.server.call<string[]>('misses', { dataset })).slice(before);
  if (missed.length > 0) {
    ctx.notes.push(
      `${what}: ${missed.length} list request(s) served by the server, not replayed: ${missed.join(', ')}`,
    );
  }
  return result;
}
