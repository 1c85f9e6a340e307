import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { documentedFiles } from './documentedFiles.js';
import { startDocsCluster } from './docsCluster.js';
import { excerptParts, missingExcerptLine } from './excerpt.js';
import { bundleExample, ExampleProcess } from './exampleProcess.js';
import { markdownExamples, type MarkdownExample } from './markdownExamples.js';
import { placeholderNames } from './placeholders.js';
import { typeCheckExamples, type ExampleTypeCheck } from './typeCheckExamples.js';

// Every ```ts block of the repository's Markdown is compiled; the complete ones also run, in a
// process of their own, against the fake API server. The timeouts are safety nets for a stuck
// example, not assertions: what is asserted is what the example did and how it ended.

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const contextFile = fileURLToPath(new URL('../context/examples.d.ts', import.meta.url));

interface NamedExample extends MarkdownExample {
  readonly name: string;
}

const examples: NamedExample[] = documentedFiles(repoRoot)
  .flatMap((file) => markdownExamples(readFileSync(join(repoRoot, file), 'utf8'), file))
  .map((e) => ({ ...e, name: `${e.file.replace(/[^A-Za-z0-9]+/g, '_')}_${e.line}` }));
const ofKind = (kind: MarkdownExample['mode']['kind']) =>
  examples.filter((e) => e.mode.kind === kind).map((e) => [`${e.file}:${e.line}`, e] as const);

let checks: Map<string, ExampleTypeCheck>;

beforeAll(() => {
  checks = typeCheckExamples(
    repoRoot,
    contextFile,
    examples.map((e) => ({
      name: e.name,
      code: e.mode.kind === 'excerpt' ? excerptParts(e.code).imports : e.code,
    })),
  );
}, 180_000);

function typeCheckOf(example: NamedExample): ExampleTypeCheck {
  const check = checks.get(example.name);
  if (check === undefined) throw new Error(`${example.name} was not type-checked`);
  return check;
}

test('the documentation has examples that run, fragments and excerpts', () => {
  // A scan that found nothing would make every other test here vacuous.
  expect(ofKind('run').length).toBeGreaterThan(0);
  expect(ofKind('fragment').length).toBeGreaterThan(0);
  expect(ofKind('excerpt').length).toBeGreaterThan(0);
});

describe('every example compiles (an excerpt: its imports)', () => {
  test.each(examples.map((e) => [`${e.file}:${e.line}`, e] as const))('%s', (_, example) => {
    expect(typeCheckOf(example).errors).toEqual([]);
  });
});

describe('every excerpt appears in its source file', () => {
  test.each(ofKind('excerpt'))('%s', (_, example) => {
    if (example.mode.kind !== 'excerpt') throw new Error('not an excerpt');
    const source = readFileSync(join(repoRoot, dirname(example.file), example.mode.source), 'utf8');
    expect(missingExcerptLine(excerptParts(example.code).body, source)).toBeUndefined();
  });
});

describe('every complete example runs against the fake API server and stops on SIGTERM', () => {
  test.each(ofKind('run'))(
    '%s',
    async (_, example) => {
      const assumed = [...typeCheckOf(example).assumed].sort();
      // Data the reader supplies exists only for fragments: a complete example defines it.
      expect(assumed.filter((name) => !placeholderNames.has(name))).toEqual([]);
      const server = await startDocsCluster();
      try {
        const bundle = await bundleExample(example.name, example.code);
        const process = new ExampleProcess(bundle, server.kubeConfigYaml());
        await process.waitForCalls(assumed, 60_000);
        const exit = await process.terminate(30_000);
        // Examples may log to stderr; a stack trace there is an error nobody handled.
        const uncaught = /^\s+at /m.test(process.stderr) ? process.stderr : '';
        expect({ called: [...process.called()].sort(), exit, uncaught }).toEqual({
          called: assumed,
          exit: { code: 0, signal: null },
          uncaught: '',
        });
      } finally {
        await server.stop();
      }
    },
    180_000,
  );
});
