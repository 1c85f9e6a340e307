import { h, setText } from '../dom.js';

const svgNs = 'http://www.w3.org/2000/svg';
const width = 120;
const height = 36;
/** The least height of a non-zero point, so a series of ones beside one of thousands still shows. */
const minVisible = 4;

/** One series of a {@link SmallMultiples} chart. */
export interface Series {
  readonly id: string;
  readonly label: string;
  /**
   * `trouble`: red as soon as it is above zero (crash-looping, failed…), grey at zero; any
   * other value names a colour class of the stylesheet (`phase-Running`).
   */
  readonly tone: string;
}

/** The values of every series at one moment. */
export interface Sample {
  readonly at: number;
  readonly values: ReadonlyMap<string, number>;
}

/** A drawn series: its box, its current value, and its line and area. */
interface Multiple {
  readonly box: HTMLElement;
  readonly value: HTMLElement;
  readonly line: SVGPathElement;
  readonly area: SVGPathElement;
}

/**
 * Small multiples: one sparkline per series, each on its own scale, with its current value in
 * figures. Unlike a stacked chart, a series of 1 next to one of 10,000 stays visible (its line
 * rises at least {@link minVisible} units above the floor once it is above zero), and a
 * trouble series turns red the moment it is not zero: a crash-looping pod never hides behind a
 * green total. SVG, a few paths, no chart library.
 */
export class SmallMultiples {
  private readonly samples: Sample[] = [];
  private readonly multiples = new Map<string, Multiple>();

  /**
   * @param container - where to draw
   * @param series - the series, in display order
   * @param capacity - samples kept (the chart's width in time)
   */
  constructor(
    container: HTMLElement,
    private readonly series: readonly Series[],
    private readonly capacity = 180,
  ) {
    container.replaceChildren(
      ...series.map((s) => {
        const svg = document.createElementNS(svgNs, 'svg');
        svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
        svg.setAttribute('preserveAspectRatio', 'none');
        svg.setAttribute('aria-hidden', 'true');
        const area = document.createElementNS(svgNs, 'path');
        area.setAttribute('class', 'spark-area');
        const line = document.createElementNS(svgNs, 'path');
        line.setAttribute('class', 'spark-line');
        svg.append(area, line);
        const value = h('span', { class: 'multiple-value' }, '0');
        const box = h(
          'div',
          { class: `multiple ${s.tone === 'trouble' ? 'trouble' : s.tone}`, 'data-series': s.id },
          h(
            'div',
            { class: 'multiple-head' },
            h('span', { class: 'multiple-label' }, s.label),
            value,
          ),
        );
        box.append(svg);
        this.multiples.set(s.id, { box, value, line, area });
        return box;
      }),
    );
  }

  /** @param sample - the values now */
  add(sample: Sample): void {
    this.samples.push(sample);
    if (this.samples.length > this.capacity) this.samples.shift();
    for (const s of this.series) this.draw(s);
  }

  private draw(series: Series): void {
    const multiple = this.multiples.get(series.id);
    if (multiple === undefined) return;
    const values = this.samples.map((sample) => sample.values.get(series.id) ?? 0);
    const current = values[values.length - 1] ?? 0;
    setText(multiple.value, current.toLocaleString('en-US'));
    multiple.box.dataset['value'] = String(current);
    if (series.tone === 'trouble') multiple.box.dataset['alert'] = String(current > 0);
    const max = Math.max(1, ...values);
    const n = values.length;
    const x = (i: number): number => (n === 1 ? width : (i / (n - 1)) * width);
    const y = (v: number): number =>
      v <= 0 ? height : height - Math.max(minVisible, (v / max) * (height - 2));
    const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
    const line = `M${n === 1 ? `0,${y(current).toFixed(1)}L` : ''}${points.join('L')}`;
    multiple.line.setAttribute('d', line);
    multiple.area.setAttribute('d', `${line}L${width},${height}L${n === 1 ? 0 : x(0)},${height}Z`);
  }
}
