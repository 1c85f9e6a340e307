/**
 * How the docs check treats one example:
 *
 * - `run` (no marker): a complete program. It is type-checked, then run against the fake API
 *   server with a kubeconfig pointing at it, and must call the placeholders it uses and stop on
 *   SIGTERM.
 * - `fragment` (`<!-- example: fragment -->`): a piece of a larger program. It is type-checked,
 *   with the names it assumes declared by the docs check's context.
 * - `excerpt` (`<!-- example: excerpt of path/to/file.ts -->`, the path relative to the Markdown
 *   file): quoted from a source file that its package compiles and tests. Its imports are
 *   type-checked, and its other lines must appear in that file, in order.
 */
export type ExampleMode =
  | { readonly kind: 'run' }
  | { readonly kind: 'fragment' }
  | { readonly kind: 'excerpt'; readonly source: string };

/** One ```ts block of a Markdown file. */
export interface MarkdownExample {
  /** The Markdown file, as given to {@link markdownExamples}. */
  readonly file: string;
  /** The line of the opening fence, from 1. */
  readonly line: number;
  /** The block's code, without the indentation of its fence. */
  readonly code: string;
  /** What the check does with it. */
  readonly mode: ExampleMode;
}

/** A marker comment before a ```ts block that the docs check does not understand. */
export class ExampleMarkerError extends Error {
  override readonly name = 'ExampleMarkerError';

  /**
   * @param file - the Markdown file
   * @param line - the marker's line, from 1
   * @param marker - what the comment says after `example:`
   */
  constructor(
    readonly file: string,
    readonly line: number,
    readonly marker: string,
  ) {
    super(
      `${file}:${line}: unknown example marker "${marker}" (expected "fragment" or "excerpt of <path>")`,
    );
  }
}

const fence = /^(\s*)(`{3,}|~{3,})\s*(\S*)/;
const marker = /^\s*<!--\s*example:\s*(.*?)\s*-->\s*$/;

/**
 * The ```ts (or ```typescript) blocks of a Markdown text, each with what the marker comment
 * on the line before it (blank lines aside) asks for. Other blocks are skipped.
 *
 * @param markdown - the Markdown text
 * @param file - its name, for messages
 * @returns the examples, in order
 * @throws {@link ExampleMarkerError} for a marker it does not understand
 */
export function markdownExamples(markdown: string, file: string): MarkdownExample[] {
  const lines = markdown.split('\n');
  const examples: MarkdownExample[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = fence.exec(lines[i] ?? '');
    if (open === null) continue;
    const [, indent = '', ticks = '', language = ''] = open;
    let end = i + 1;
    while (end < lines.length && !isClosingFence(lines[end] ?? '', ticks)) end++;
    if (language === 'ts' || language === 'typescript') {
      const code = lines
        .slice(i + 1, end)
        .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line.trimStart()))
        .join('\n');
      examples.push({ file, line: i + 1, code, mode: modeBefore(lines, i, file) });
    }
    i = end;
  }
  return examples;
}

function isClosingFence(line: string, ticks: string): boolean {
  const trimmed = line.trim();
  return trimmed.startsWith(ticks) && /^[`~]+$/.test(trimmed);
}

function modeBefore(lines: readonly string[], fenceIndex: number, file: string): ExampleMode {
  let i = fenceIndex - 1;
  while (i >= 0 && (lines[i] ?? '').trim() === '') i--;
  const found = marker.exec(lines[i] ?? '');
  if (found === null) return { kind: 'run' };
  const text = found[1] ?? '';
  if (text === 'fragment') return { kind: 'fragment' };
  const excerpt = /^excerpt of (\S+)$/.exec(text);
  if (excerpt !== null) return { kind: 'excerpt', source: excerpt[1] ?? '' };
  throw new ExampleMarkerError(file, i + 1, text);
}
