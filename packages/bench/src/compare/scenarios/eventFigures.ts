import type { PhaseResult } from '../contenderProcess.js';
import type { ContenderName } from '../contender.js';
import type { ScenarioContext } from './context.js';

/**
 * Records one timed burst's figures: wall and CPU time, per event and events per second, and
 * the event loop's idle time.
 *
 * @param ctx - the run's context
 * @param scenario - scenario id
 * @param name - the contender
 * @param result - its figures
 * @param events - events in the burst
 */
export function recordEventFigures(
  ctx: ScenarioContext,
  scenario: string,
  name: ContenderName,
  result: PhaseResult,
  events: number,
): void {
  ctx.samples.add(scenario, name, 'wallMs', result.wallMs);
  ctx.samples.add(scenario, name, 'cpuMs', result.cpuMs);
  ctx.samples.add(scenario, name, 'idleMs', result.idleMs);
  ctx.samples.add(scenario, name, 'wallPerEventMicros', (result.wallMs * 1000) / events);
  ctx.samples.add(scenario, name, 'cpuPerEventMicros', (result.cpuMs * 1000) / events);
  ctx.samples.add(scenario, name, 'eventsPerSecond', events / (result.wallMs / 1000));
}
