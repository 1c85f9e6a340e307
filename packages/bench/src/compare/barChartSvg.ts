/**
 * A bar chart of one scenario as an SVG document (no dependency): one panel per metric, one bar
 * per contender at its median, with a whisker from the minimum to the maximum.
 */
import { contenderNames } from './contender.js';
import type { Samples, Summary } from './samples.js';

/** One panel: a metric, its title and how its values are written. */
export interface BarPanel {
  readonly title: string;
  readonly metric: string;
  readonly format: (value: number) => string;
}

const colours: Record<string, string> = {
  rxkube: '#7b3fbf',
  'client-node': '#2f7ed8',
  floor: '#8a8a8a',
};

const width = 720;
const left = 110;
const right = 130;
const barHeight = 22;
const gap = 8;

/** @returns `text` safe inside an SVG text node */
export function escapeSvg(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function bar(name: string, s: Summary, y: number, scale: (v: number) => number, label: string) {
  const mid = y + barHeight / 2;
  const [min, max] = [(left + scale(s.min)).toFixed(1), (left + scale(s.max)).toFixed(1)];
  return [
    `<text x="${left - 8}" y="${mid + 4}" text-anchor="end">${escapeSvg(name)}</text>`,
    `<rect x="${left}" y="${y}" width="${scale(s.median).toFixed(1)}" height="${barHeight}" fill="${colours[name] ?? '#444'}"/>`,
    `<line x1="${min}" x2="${max}" y1="${mid}" y2="${mid}" stroke="black"/>`,
    `<line x1="${min}" x2="${min}" y1="${mid - 5}" y2="${mid + 5}" stroke="black"/>`,
    `<line x1="${max}" x2="${max}" y1="${mid - 5}" y2="${mid + 5}" stroke="black"/>`,
    `<text x="${(left + scale(s.max) + 6).toFixed(1)}" y="${mid + 4}">${escapeSvg(label)}</text>`,
  ];
}

/**
 * @param samples - the run's samples
 * @param scenario - the scenario's id
 * @param title - the chart's heading
 * @param caption - the line under it (sizes, repetitions, machine)
 * @param panels - the metrics to draw; a metric nobody measured is left out
 * @returns the SVG document, or undefined when the scenario did not run
 */
export function barChartSvg(
  samples: Samples,
  scenario: string,
  title: string,
  caption: string,
  panels: readonly BarPanel[],
): string | undefined {
  const names = contenderNames.filter((c) => samples.contenders(scenario).includes(c));
  const drawn = panels.filter((p) => names.some((c) => samples.get(scenario, c, p.metric)));
  if (names.length === 0 || drawn.length === 0) return undefined;
  const panelHeight = 30 + names.length * (barHeight + gap);
  const height = 56 + drawn.length * (panelHeight + 16);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<text x="10" y="20" font-size="15" font-weight="bold">${escapeSvg(title)}</text>`,
    `<text x="10" y="38" fill="#555">${escapeSvg(caption)}</text>`,
  ];
  let y = 56;
  for (const panel of drawn) {
    const summaries = names.map((name) => samples.get(scenario, name, panel.metric));
    const max = Math.max(...summaries.map((s) => (Number.isFinite(s?.max) ? s!.max : 0))) * 1.05;
    const scale = (value: number): number =>
      max > 0 && Number.isFinite(value) ? ((width - left - right) * value) / max : 0;
    parts.push(`<text x="10" y="${y + 14}" font-weight="bold">${escapeSvg(panel.title)}</text>`);
    let barY = y + 24;
    names.forEach((name, i) => {
      const s = summaries[i];
      if (s !== undefined) parts.push(...bar(name, s, barY, scale, panel.format(s.median)));
      barY += barHeight + gap;
    });
    y += panelHeight + 16;
  }
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
