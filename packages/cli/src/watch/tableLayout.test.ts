import { columnsFor } from '../view/columns.js';
import { columnGap, layoutTable } from './tableLayout.js';

const pods = columnsFor('Pod', true);
const row = [
  'shop',
  'checkout-7d9f8b6c5d-x2x9q',
  '1/1',
  'CrashLoopBackOff',
  '12',
  '3h',
  'worker-7',
];

function used(layout: { widths: readonly number[] }): number {
  return layout.widths.reduce((a, b) => a + b, 0) + columnGap * (layout.widths.length - 1);
}

describe('layoutTable', () => {
  it('shows every column at its widest cell when there is room', () => {
    const layout = layoutTable(pods.headers, [row], 200, pods.dropOrder);
    expect(layout).toEqual({ shown: [0, 1, 2, 3, 4, 5, 6], widths: [9, 25, 5, 16, 8, 3, 8] });
  });

  it('drops the low-priority columns first: NODE, AGE, RESTARTS, READY, then NAMESPACE', () => {
    const headers = (width: number) =>
      layoutTable(pods.headers, [row], width, pods.dropOrder).shown.map((c) => pods.headers[c]);
    // Natural widths: 86 columns in all, 76 without NODE, 71 without AGE, 61, 54, then 43.
    expect([90, 80, 72, 65, 58, 50].map(headers)).toEqual([
      ['NAMESPACE', 'NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE', 'NODE'],
      ['NAMESPACE', 'NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE'],
      ['NAMESPACE', 'NAME', 'READY', 'STATUS', 'RESTARTS'],
      ['NAMESPACE', 'NAME', 'READY', 'STATUS'],
      ['NAMESPACE', 'NAME', 'STATUS'],
      ['NAME', 'STATUS'],
    ]);
  });

  it('narrows the widest column once nothing more can go, and fits the width', () => {
    const layout = layoutTable(pods.headers, [row], 30, pods.dropOrder);
    // NAME (25) gives way until it is no wider than STATUS (16), then both by turns.
    expect({ shown: layout.shown, fits: used(layout) <= 30, widths: layout.widths }).toEqual({
      shown: [1, 3],
      fits: true,
      widths: [14, 14],
    });
  });
});
