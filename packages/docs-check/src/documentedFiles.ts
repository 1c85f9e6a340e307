import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The repository's Markdown documentation: the root README, everything under `docs/` (but the
 * generated API reference) and every package's README and `docs/`.
 *
 * @param repoRoot - the repository's root
 * @returns paths relative to `repoRoot`, sorted
 */
export function documentedFiles(repoRoot: string): string[] {
  const files = ['README.md', ...markdownUnder(repoRoot, 'docs')];
  for (const pkg of readdirSync(join(repoRoot, 'packages'), { withFileTypes: true })) {
    if (!pkg.isDirectory()) continue;
    const dir = join('packages', pkg.name);
    const entries = readdirSync(join(repoRoot, dir));
    if (entries.includes('README.md')) files.push(join(dir, 'README.md'));
    if (entries.includes('docs')) files.push(...markdownUnder(repoRoot, join(dir, 'docs')));
  }
  return files.sort();
}

function markdownUnder(repoRoot: string, dir: string): string[] {
  return readdirSync(join(repoRoot, dir), { recursive: true, encoding: 'utf8' })
    .map((file) => join(dir, file))
    .filter((file) => file.endsWith('.md') && !file.startsWith(join('docs', 'api')));
}
