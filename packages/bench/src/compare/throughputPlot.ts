/**
 * The throughput scenario as an SVG bar chart (no dependency): events per second and CPU time
 * per event for each contender, median bars with min–max whiskers.
 */
import { contenderNames } from './contender.js';
import type { Samples, Summary } from './samples.js';

const colours: Record<string, string> = {
  rxkube: '#7b3fbf',
  'client-node': '#2f7ed8',
  floor: '#8a8a8a',
};

interface Panel {
  readonly title: string;
  readonly metric: string;
  readonly format: (value: number) => string;
}

const panels: readonly Panel[] = [
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

const escape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * @param samples - the run's samples
 * @param caption - line under the title (sizes, machine)
 * @returns the SVG document, or undefined when the scenario did not run
 */
export function throughputSvg(samples: Samples, caption: string): string | undefined {
  const names = contenderNames.filter(
    (c) => samples.get('event-throughput', c, 'wallMs') !== undefined,
  );
  if (names.length === 0) return undefined;
  const width = 720;
  const left = 110;
  const right = 130;
  const barHeight = 22;
  const gap = 8;
  const panelHeight = 30 + names.length * (barHeight + gap);
  const height = 56 + panels.length * (panelHeight + 16);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<text x="10" y="20" font-size="15" font-weight="bold">Event throughput</text>`,
    `<text x="10" y="38" fill="#555">${escape(caption)}</text>`,
  ];
  let y = 56;
  for (const panel of panels) {
    const summaries = names.map((name) => samples.get('event-throughput', name, panel.metric));
    const max = Math.max(...summaries.map((s) => s?.max ?? 0)) * 1.05 || 1;
    const scale = (value: number): number => ((width - left - right) * value) / max;
    parts.push(`<text x="10" y="${y + 14}" font-weight="bold">${escape(panel.title)}</text>`);
    let barY = y + 24;
    names.forEach((name, i) => {
      const s = summaries[i] as Summary | undefined;
      if (s === undefined) return;
      const mid = barY + barHeight / 2;
      parts.push(
        `<text x="${left - 8}" y="${mid + 4}" text-anchor="end">${escape(name)}</text>`,
        `<rect x="${left}" y="${barY}" width="${scale(s.median).toFixed(1)}" height="${barHeight}" fill="${colours[name] ?? '#444'}"/>`,
        `<line x1="${(left + scale(s.min)).toFixed(1)}" x2="${(left + scale(s.max)).toFixed(1)}" y1="${mid}" y2="${mid}" stroke="black"/>`,
        `<line x1="${(left + scale(s.min)).toFixed(1)}" x2="${(left + scale(s.min)).toFixed(1)}" y1="${mid - 5}" y2="${mid + 5}" stroke="black"/>`,
        `<line x1="${(left + scale(s.max)).toFixed(1)}" x2="${(left + scale(s.max)).toFixed(1)}" y1="${mid - 5}" y2="${mid + 5}" stroke="black"/>`,
        `<text x="${(left + scale(s.max) + 6).toFixed(1)}" y="${mid + 4}">${escape(panel.format(s.median))}</text>`,
      );
      barY += barHeight + gap;
    });
    y += panelHeight + 16;
  }
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
