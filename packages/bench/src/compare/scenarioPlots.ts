/**
 * One bar chart per timed scenario (`results/<scenario>.svg`): the figures that compare the
 * contenders — time and memory for a sync, throughput and CPU per event for a burst.
 */
import { type BarPanel, barChartSvg } from './barChartSvg.js';
import type { Plan } from './plan.js';
import type { Samples } from './samples.js';
import { scenarioViews } from './scenarioTables.js';

const ms = (v: number): string => `${Math.round(v).toLocaleString('en-US')} ms`;
const mb = (v: number): string => `${(v / 1e6).toFixed(0)} MB`;

const wall: BarPanel = { title: 'wall time (lower is better)', metric: 'wallMs', format: ms };
const cpu: BarPanel = { title: 'CPU time (lower is better)', metric: 'cpuMs', format: ms };
const sync: readonly BarPanel[] = [
  wall,
  { title: 'peak RSS (lower is better)', metric: 'peakRssBytes', format: mb },
  {
    title: 'retained heap per cached object (lower is better)',
    metric: 'heapPerObject',
    format: (v) => `${Math.round(v).toLocaleString('en-US')} B`,
  },
];
const events: readonly BarPanel[] = [
  {
    title: 'events per second (wall clock, higher is better)',
    metric: 'eventsPerSecond',
    format: (v) => `${Math.round(v).toLocaleString('en-US')}/s`,
  },
  {
    title: 'client CPU time per event (lower is better)',
    metric: 'cpuPerEventMicros',
    format: (v) => `${v.toFixed(1)} µs`,
  },
];

/** The panels of each plotted scenario. */
const plotted: Record<string, readonly BarPanel[]> = {
  'initial-sync-small': sync,
  'initial-sync-large': sync,
  'event-throughput': events,
  relist: [wall, cpu],
  'slow-consumer': [
    { ...wall, title: 'cache and fast handler up to date (lower is better)' },
    { title: 'heap held (lower is better)', metric: 'heapBytes', format: mb },
  ],
  'whole-body-sync': sync,
  'whole-body-events': events,
};

/**
 * @param samples - the run's samples
 * @param plan - the run's sizes, for the titles
 * @param machine - the date, Node version and CPUs, for the captions
 * @returns a file name and SVG document for every plotted scenario that ran
 */
export function scenarioPlots(
  samples: Samples,
  plan: Plan,
  machine: string,
): { file: string; svg: string }[] {
  const plots: { file: string; svg: string }[] = [];
  for (const view of scenarioViews(plan)) {
    const panels = plotted[view.id];
    if (panels === undefined) continue;
    const runs = Math.max(
      0,
      ...samples
        .contenders(view.id)
        .map((c) => samples.get(view.id, c, 'wallMs')?.samples.length ?? 0),
    );
    const caption = `median and min–max of ${runs} run${runs === 1 ? '' : 's'}; ${machine}`;
    const svg = barChartSvg(samples, view.id, view.title, caption, panels);
    if (svg !== undefined) plots.push({ file: `${view.id}.svg`, svg });
  }
  return plots;
}
