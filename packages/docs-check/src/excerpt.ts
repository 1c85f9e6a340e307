import ts from 'typescript';

/** An excerpt split into what is checked against the packages and what against its source. */
export interface ExcerptParts {
  /** The import declarations, type-checked against the packages they name. */
  readonly imports: string;
  /** The other lines, normalised (see {@link missingExcerptLine}). */
  readonly body: readonly string[];
}

/**
 * Splits an excerpt into its import declarations and the rest.
 *
 * @param code - the excerpt
 * @returns the imports and the normalised other lines
 */
export function excerptParts(code: string): ExcerptParts {
  const file = ts.createSourceFile('excerpt.ts', code, ts.ScriptTarget.Latest, true);
  const imports = file.statements.filter(ts.isImportDeclaration);
  let rest = code;
  for (const declaration of [...imports].reverse())
    rest = rest.slice(0, declaration.getStart()) + rest.slice(declaration.getEnd());
  return { imports: imports.map((d) => d.getText()).join('\n'), body: normalisedLines(rest) };
}

/**
 * The first line of an excerpt that its source does not have at that point: the excerpt's
 * lines must appear in the source in the same order, with any source lines between them.
 * Lines are compared trimmed, without a trailing `//` comment or a trailing `,` or `;` (a
 * quoted property list ends differently than in its object), and comment-only and blank lines
 * are ignored on both sides, so the prose around an excerpt may comment it differently.
 *
 * @param excerpt - the excerpt's lines, as {@link excerptParts} gives them
 * @param source - the source file's text
 * @returns the first line not found, or `undefined` when every line was found in order
 */
export function missingExcerptLine(excerpt: readonly string[], source: string): string | undefined {
  const lines = normalisedLines(source);
  let at = 0;
  for (const line of excerpt) {
    const found = lines.indexOf(line, at);
    if (found < 0) return line;
    at = found + 1;
  }
  return undefined;
}

function normalisedLines(code: string): string[] {
  return code
    .split('\n')
    .map((line) =>
      line
        .replace(/\s\/\/.*$/, '')
        .trim()
        .replace(/[,;]$/, ''),
    )
    .filter((line) => line !== '' && !/^(\/\/|\/\*|\*)/.test(line));
}
