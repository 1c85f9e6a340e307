/** One line of the results table. */
export interface Row {
  /** What is measured. */
  figure: string;
  /** The measured value, formatted with its unit. */
  value: string;
  /** The same figure for the baseline (or the scan), formatted; `''` when not applicable. */
  baseline: string;
  /** The ratio the target is about, e.g. 2.1 (× the baseline's cost, or × faster). */
  ratio?: number;
  /** The target, e.g. `≤ 3×`; `''` for figures reported for information. */
  target: string;
  /** `PASS`, `FAIL`, or `info`. */
  status: 'PASS' | 'FAIL' | 'info' | 'n/a';
}

/**
 * @param rows - the rows
 * @returns the rows as a Markdown table
 */
export function markdownTable(rows: readonly Row[]): string {
  const header = ['Figure', 'Value', 'Baseline', 'Ratio', 'Target', 'Status'];
  const lines = [header, header.map(() => '---')];
  for (const row of rows) {
    lines.push([
      row.figure,
      row.value,
      row.baseline,
      row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}×`,
      row.target,
      row.status,
    ]);
  }
  return lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

/** Formats a count per second with thousands separators. */
export function perSecond(count: number, ms: number): string {
  return `${Math.round((count / ms) * 1000).toLocaleString('en-US')} /s`;
}

/** Formats a duration in the most readable unit. */
export function duration(ms: number): string {
  if (ms >= 1) return `${ms.toFixed(2)} ms`;
  if (ms >= 0.001) return `${(ms * 1000).toFixed(2)} µs`;
  return `${(ms * 1e6).toFixed(0)} ns`;
}

/** Formats a byte count. */
export function bytes(count: number): string {
  return Number.isNaN(count) ? 'n/a (run with --expose-gc)' : `${Math.round(count)} B`;
}
