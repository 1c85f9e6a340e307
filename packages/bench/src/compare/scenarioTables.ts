/**
 * How each scenario is shown: its title and the columns of its table (which metric, how
 * formatted, whether a ratio to the floor is shown).
 */

import type { Plan } from './plan.js';

/** One column of a scenario's table. */
interface Column {
  readonly header: string;
  readonly metric: string;
  readonly format: (value: number) => string;
  /** Show the contender's ratio to the floor's median next to the figure. */
  readonly ratio?: boolean;
}

/** A scenario's presentation. */
interface ScenarioView {
  readonly id: string;
  readonly title: string;
  readonly columns: readonly Column[];
}

const ms = (v: number): string =>
  v >= 100 ? `${Math.round(v).toLocaleString('en-US')} ms` : `${v.toFixed(1)} ms`;
const micros = (v: number): string => (v >= 100 ? `${v.toFixed(0)} µs` : `${v.toFixed(2)} µs`);
const mb = (v: number): string => (Number.isNaN(v) ? 'n/a' : `${(v / 1e6).toFixed(1)} MB`);
const bytes = (v: number): string =>
  Number.isNaN(v) ? 'n/a' : `${Math.round(v).toLocaleString('en-US')} B`;
const count = (v: number): string => Math.round(v).toLocaleString('en-US');
const rate = (v: number): string => `${Math.round(v).toLocaleString('en-US')}/s`;
const perWrite = (v: number): string => v.toFixed(3);

/**
 * @param plan - the run's sizes, for the titles
 * @returns every scenario's view, in report order
 */
export function scenarioViews(plan: Plan): ScenarioView[] {
  const n = (value: number): string => value.toLocaleString('en-US');
  const sync = (id: string, title: string): ScenarioView => ({
    id,
    title,
    columns: [
      { header: 'wall time', metric: 'wallMs', format: ms, ratio: true },
      { header: 'CPU time', metric: 'cpuMs', format: ms, ratio: true },
      { header: 'retained heap', metric: 'heapBytes', format: mb, ratio: true },
      { header: 'heap / object', metric: 'heapPerObject', format: bytes },
      { header: 'peak RSS', metric: 'peakRssBytes', format: mb },
    ],
  });
  const events = (id: string, title: string): ScenarioView => ({
    id,
    title,
    columns: [
      { header: 'wall time', metric: 'wallMs', format: ms, ratio: true },
      { header: 'CPU time', metric: 'cpuMs', format: ms, ratio: true },
      { header: 'wall / event', metric: 'wallPerEventMicros', format: micros },
      { header: 'CPU / event', metric: 'cpuPerEventMicros', format: micros },
      { header: 'events/s', metric: 'eventsPerSecond', format: rate },
      { header: 'event loop idle', metric: 'idleMs', format: ms },
    ],
  });
  return [
    sync('initial-sync-small', `Initial sync, ${n(plan.small.pods)} pods`),
    sync('initial-sync-large', `Initial sync, ${n(plan.large.pods)} pods`),
    events(
      'event-throughput',
      `Event throughput, ${n(plan.throughput.events)} MODIFIED events over ${n(plan.small.pods)} pods`,
    ),
    {
      id: 'relist',
      title: `Relist of ${n(plan.large.pods)} pods after a compaction, 1 % changed`,
      columns: [
        { header: 'wall time', metric: 'wallMs', format: ms, ratio: true },
        { header: 'CPU time', metric: 'cpuMs', format: ms, ratio: true },
        { header: 'changes', metric: 'changes', format: count },
        { header: 'handler events', metric: 'handlerEvents', format: count },
        { header: 'adds', metric: 'adds', format: count },
        { header: 'updates', metric: 'updates', format: count },
        { header: 'deletes', metric: 'deletes', format: count },
      ],
    },
    {
      id: 'queries',
      title: `Queries on ${n(plan.large.pods)} cached pods`,
      columns: [
        {
          header: `namespace (${n(plan.large.pods / plan.large.namespaces)} objects)`,
          metric: 'namespaceMicros',
          format: micros,
        },
        { header: 'namespace + label', metric: 'namespaceLabelMicros', format: micros },
      ],
    },
    {
      id: 'dashboard',
      title: 'Dashboard on one namespace while others churn',
      columns: [
        { header: 'emissions / write', metric: 'emissionsPerWrite', format: perWrite },
        { header: 'emissions / own write', metric: 'emissionsPerOwnWrite', format: perWrite },
        { header: '2nd view / write', metric: 'secondaryPerWrite', format: perWrite },
        { header: '2nd view / own write', metric: 'secondaryPerOwnWrite', format: perWrite },
      ],
    },
    {
      id: 'slow-consumer',
      title: `Slow consumer (1 ms per event) beside a fast handler, ${n(plan.slow.events)} events for ${n(plan.keys.pods)} keys`,
      columns: [
        { header: 'cache + fast handler', metric: 'wallMs', format: ms, ratio: true },
        { header: 'CPU time', metric: 'cpuMs', format: ms },
        { header: 'heap held', metric: 'heapBytes', format: mb },
        { header: 'slow: finished', metric: 'slowFinished', format: count },
        { header: 'slow: behind', metric: 'slowBacklog', format: count },
      ],
    },
    sync(
      'whole-body-sync',
      `Whole body at loopback speed: initial sync, ${n(plan.wholeBody.sync.pods)} pods`,
    ),
    events(
      'whole-body-events',
      `Whole body at loopback speed: ${n(plan.wholeBody.eventCount)} MODIFIED events over ${n(plan.wholeBody.events.pods)} pods`,
    ),
  ];
}
