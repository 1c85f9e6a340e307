import { join } from 'node:path';

/**
 * The TypeScript source file a workspace package's import resolves to, for bundling without a
 * prior build: `@rxkube/<name>` is the package's `src/index.ts`, and a subpath entry point
 * `@rxkube/<name>/<entry>` (such as `@rxkube/informer/errors`) is `src/entryPoints/<entry>.ts`,
 * the file its package.json `exports` builds into `dist/entryPoints/<entry>.js`.
 *
 * @param packagesRoot - the monorepo's `packages` folder
 * @param specifier - the import specifier
 * @returns the source file, or `undefined` when the specifier is not a workspace package's
 */
export function workspaceSourceOf(packagesRoot: string, specifier: string): string | undefined {
  const match = /^@rxkube\/([a-z-]+)(?:\/([a-z-]+))?$/.exec(specifier);
  if (match === null) return undefined;
  const [, name = '', entry] = match;
  return entry === undefined
    ? join(packagesRoot, name, 'src', 'index.ts')
    : join(packagesRoot, name, 'src', 'entryPoints', `${entry}.ts`);
}
