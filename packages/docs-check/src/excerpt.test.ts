import { excerptParts, missingExcerptLine } from './excerpt.js';

const source = [
  "import { a } from './a.js';",
  '',
  'export function f() {',
  '  // why',
  '  const x = a(1, 2);',
  '  return {',
  '    x,',
  '    y: 2,',
  '  };',
  '}',
].join('\n');

test('imports are split off; the rest is compared without comments, indentation and trailing , or ;', () => {
  const parts = excerptParts(
    "import { a } from '@rxkube/store';\nconst x = a(1, 2); // explained\n",
  );
  expect(parts.imports).toBe("import { a } from '@rxkube/store';");
  expect(parts.body).toEqual(['const x = a(1, 2)']);
});

test('an excerpt whose lines appear in order, with source lines between them, is found', () => {
  const { body } = excerptParts('// the prose\nconst x = a(1, 2);\n  y: 2;\n}');
  expect(missingExcerptLine(body, source)).toBeUndefined();
});

test('a line the source does not have is reported', () => {
  const { body } = excerptParts('const x = a(1, 3);');
  expect(missingExcerptLine(body, source)).toBe('const x = a(1, 3)');
});

test('lines out of order are reported', () => {
  const { body } = excerptParts('y: 2,\nconst x = a(1, 2);');
  expect(missingExcerptLine(body, source)).toBe('const x = a(1, 2)');
});
