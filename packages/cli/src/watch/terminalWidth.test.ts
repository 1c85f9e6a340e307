import { displayWidth, padToWidth, truncateToWidth } from './terminalWidth.js';

describe('terminal widths', () => {
  it('counts wide characters twice and combining marks not at all', () => {
    expect([displayWidth('web-1'), displayWidth('商店-1'), displayWidth('e\u0301te')]).toEqual([
      5, 6, 3,
    ]);
  });

  it('cuts to the room with an ellipsis, never past it, a wide character left out whole', () => {
    const cuts = [1, 2, 3, 4, 5].map((w) => truncateToWidth('商店商店', w));
    expect(cuts).toEqual(['…', '…', '商…', '商…', '商店…']);
    expect(cuts.map((c, i) => displayWidth(c) <= i + 1)).toEqual([true, true, true, true, true]);
  });

  it('keeps a combining mark with its letter', () => {
    expect(truncateToWidth('e\u0301e\u0301e\u0301e\u0301', 3)).toBe('e\u0301e\u0301…');
  });

  it('pads to the exact width', () => {
    expect([padToWidth('ab', 4), padToWidth('商店商', 5), padToWidth('abcdef', 4)]).toEqual([
      'ab  ',
      '商店…',
      'abc…',
    ]);
  });
});
