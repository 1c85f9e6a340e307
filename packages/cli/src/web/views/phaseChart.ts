import { phases } from '../podCache.js';

const svgNs = 'http://www.w3.org/2000/svg';
const width = 720;
const height = 150;

/** Pods per phase at one moment. */
interface PhaseSample {
  readonly at: number;
  readonly counts: ReadonlyMap<string, number>;
}

/**
 * A stacked area chart of pods per phase over time (SVG, no chart library: a few paths).
 */
export class PhaseChart {
  private readonly samples: PhaseSample[] = [];
  private readonly svg: SVGSVGElement;
  private readonly paths = new Map<string, SVGPathElement>();
  private readonly axis: SVGTextElement;

  /**
   * @param container - where to draw
   * @param capacity - samples kept (the chart's width in time)
   */
  constructor(
    container: HTMLElement,
    private readonly capacity = 120,
  ) {
    this.svg = document.createElementNS(svgNs, 'svg');
    this.svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    this.svg.setAttribute('preserveAspectRatio', 'none');
    this.svg.setAttribute('role', 'img');
    this.svg.setAttribute('aria-label', 'pods per phase over time');
    for (const phase of [...phases].reverse()) {
      const path = document.createElementNS(svgNs, 'path');
      path.setAttribute('class', `area phase-${phase}`);
      this.svg.append(path);
      this.paths.set(phase, path);
    }
    this.axis = document.createElementNS(svgNs, 'text');
    this.axis.setAttribute('x', '6');
    this.axis.setAttribute('y', '14');
    this.axis.setAttribute('class', 'axis');
    this.svg.append(this.axis);
    container.replaceChildren(this.svg);
  }

  /** @param sample - the counts now */
  add(sample: PhaseSample): void {
    this.samples.push(sample);
    if (this.samples.length > this.capacity) this.samples.shift();
    this.draw();
  }

  private draw(): void {
    const n = this.samples.length;
    if (n === 0) return;
    const totals = this.samples.map((s) => [...s.counts.values()].reduce((a, b) => a + b, 0));
    const max = Math.max(1, ...totals) * 1.1;
    // The samples so far fill the width: a page opened a minute ago shows that minute.
    const x = (i: number): number => (n === 1 ? (i + 1) * width : (i / (n - 1)) * width);
    const y = (v: number): number => height - (v / max) * height;
    const below = this.samples.map(() => 0);
    for (const phase of phases) {
      const top = this.samples.map((s, i) => (below[i] ?? 0) + (s.counts.get(phase) ?? 0));
      const upper = top.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
      const lower = below.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).reverse();
      this.paths.get(phase)?.setAttribute('d', `M${upper.join('L')}L${lower.join('L')}Z`);
      top.forEach((v, i) => (below[i] = v));
    }
    const first = this.samples[0];
    const last = this.samples[n - 1];
    const span =
      first === undefined || last === undefined ? 0 : Math.round((last.at - first.at) / 1000);
    this.axis.textContent = `${Math.round(max / 1.1)} pods max · last ${span < 120 ? `${span}s` : `${Math.round(span / 60)}m`}`;
  }
}
