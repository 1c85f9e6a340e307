import { describe, expect, test } from '@jest/globals';
import { barChartSvg } from './barChartSvg.js';
import { Samples } from './samples.js';

describe('barChartSvg', () => {
  const samples = new Samples();
  for (const [contender, values] of [
    ['rxkube', [10, 12, 11]],
    ['floor', [8, 9, 20]],
  ] as const) {
    for (const value of values) samples.add('sync', contender, 'wallMs', value);
  }
  const panels = [
    { title: 'wall <time>', metric: 'wallMs', format: (v: number) => `${v} ms` },
    { title: 'never measured', metric: 'cpuMs', format: String },
  ];

  test('draws a median bar with a min–max whisker per contender, one panel per measured metric', () => {
    const svg = barChartSvg(samples, 'sync', 'Sync & co', 'caption', panels) ?? '';
    expect(svg.match(/<rect x=/g)).toHaveLength(2);
    expect(svg).toContain('11 ms');
    expect(svg).toContain('9 ms');
    expect(svg).toContain('Sync &amp; co');
    expect(svg).toContain('wall &lt;time&gt;');
    expect(svg).not.toContain('never measured');
    // The floor's whisker reaches its maximum (20), the widest value: the chart's full scale.
    const scale = (720 - 110 - 130) / (20 * 1.05);
    expect(svg).toContain(`x2="${(110 + 20 * scale).toFixed(1)}"`);
    expect(svg).toContain(`width="${(9 * scale).toFixed(1)}"`);
  });

  test('draws nothing for a scenario that did not run', () => {
    expect(barChartSvg(samples, 'relist', 'Relist', 'caption', panels)).toBeUndefined();
  });
});
