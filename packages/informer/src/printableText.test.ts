import fc from 'fast-check';
import { maxPrintableLength, printableText, unsafeCodePoints } from './printableText.js';

const unsafe = (text: string): boolean => {
  unsafeCodePoints.lastIndex = 0;
  return unsafeCodePoints.test(text);
};

describe('printableText', () => {
  it('shows escape sequences, controls and bidi overrides escaped instead of acting on them', () => {
    expect(printableText('web-1\x1b]0;owned\x07')).toBe('web-1\\x1b]0;owned\\x07'); // title set
    expect(printableText('\x1b[2J\x1b[H')).toBe('\\x1b[2J\\x1b[H'); // clear screen
    expect(printableText('\x1b]8;;http://evil.example/\x1b\\click\x1b]8;;\x1b\\')).toBe(
      '\\x1b]8;;http://evil.example/\\x1b\\click\\x1b]8;;\\x1b\\', // OSC 8 hyperlink
    );
    expect(printableText('a\x9b31mb\x7fc\x00')).toBe('a\\x9b31mb\\x7fc\\x00'); // C1 CSI, DEL, NUL
    expect(printableText('line 1\nline 2\r\tend')).toBe('line 1\\nline 2\\r\\tend');
    expect(printableText('invoice\u202egpj.exe\u2066\u2028')).toBe(
      'invoice\\u202egpj.exe\\u2066\\u2028',
    );
  });

  it('keeps ordinary Unicode: CJK, accents, emoji', () => {
    for (const text of ['ウェブ-サーバー', '数据库-主', 'café-crème', 'pod 🚀 ready', 'a\\b']) {
      expect(printableText(text)).toBe(text);
    }
  });

  it('cuts long text to 1 KiB, ending with an ellipsis, at a code point boundary', () => {
    const message = `pods is forbidden: User "${'x'.repeat(1_000_000)}"`;
    const capped = printableText(message);
    expect([...capped]).toHaveLength(maxPrintableLength);
    expect(capped).toBe(`${message.slice(0, maxPrintableLength - 1)}…`);
    expect([...printableText('🚀'.repeat(2000))]).toEqual([...'🚀'.repeat(1023), '…']);
    expect(printableText('abcdef', 4)).toBe('abc…');
    expect(printableText('abcd', 4)).toBe('abcd');
  });

  it('never cuts an escape in half', () => {
    expect(printableText('ab\x1bcdef', 6)).toBe('ab…');
    expect(printableText('ab\x1bcdef', 8)).toBe('ab\\x1bc…');
  });

  it('returns safe, capped text that sanitising again leaves unchanged', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 300 }),
        fc.integer({ min: 1, max: 200 }),
        (text, max) => {
          const safe = printableText(text, max);
          expect(unsafe(safe)).toBe(false);
          expect([...safe].length).toBeLessThanOrEqual(max);
          expect(printableText(safe, max)).toBe(safe);
          if (!unsafe(text) && [...text].length <= max) expect(safe).toBe(text);
        },
      ),
    );
  });
});
