import { ExampleMarkerError, markdownExamples } from './markdownExamples.js';

const md = (...lines: string[]) => lines.join('\n');

test('a ts block without a marker runs; other languages are skipped', () => {
  const text = md('# T', '', '```sh', 'npm test', '```', '', '```ts', 'const a = 1;', '```');
  expect(markdownExamples(text, 'T.md')).toEqual([
    { file: 'T.md', line: 7, code: 'const a = 1;', mode: { kind: 'run' } },
  ]);
});

test('the marker on the line before a block, blank lines aside, decides its mode', () => {
  const text = md(
    '<!-- example: fragment -->',
    '',
    '```ts',
    'a;',
    '```',
    '<!-- example: excerpt of ../src/a.ts -->',
    '```typescript',
    'b;',
    '```',
  );
  expect(markdownExamples(text, 'T.md').map((e) => e.mode)).toEqual([
    { kind: 'fragment' },
    { kind: 'excerpt', source: '../src/a.ts' },
  ]);
});

test('a marker before prose does not reach the next block', () => {
  const text = md('<!-- example: fragment -->', 'Some text.', '', '```ts', 'a;', '```');
  expect(markdownExamples(text, 'T.md')[0]?.mode).toEqual({ kind: 'run' });
});

test("a block indented in a list item loses its fence's indentation", () => {
  const text = md('- item:', '', '  ```ts', '  if (a) {', '    b();', '  }', '  ```');
  expect(markdownExamples(text, 'T.md')[0]?.code).toBe('if (a) {\n  b();\n}');
});

test('an unknown marker is a typed error naming the file and line', () => {
  const text = md('', '<!-- example: fragmnet -->', '```ts', 'a;', '```');
  expect(() => markdownExamples(text, 'T.md')).toThrow(ExampleMarkerError);
  expect(() => markdownExamples(text, 'T.md')).toThrow('T.md:2: unknown example marker "fragmnet"');
});
