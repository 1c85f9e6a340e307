import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { workspaceSourceOf } from './workspaceSource.js';

/** The browser app's sources (`src/web`), from this module's place in `src/` or `dist/`. */
const webSources = fileURLToPath(new URL('../../src/web/', import.meta.url));
/** The monorepo's packages folder, for bundling the `@rxkube/*` packages from source. */
const packagesRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Resolves `@rxkube/<name>` (and its subpath entry points) to the package's TypeScript sources:
 * the browser app bundles the store and queue packages exactly as written, whether or not they
 * were built.
 */
const rxkubeFromSource: Plugin = {
  name: 'rxkube-from-source',
  setup(b) {
    b.onResolve({ filter: /^@rxkube\// }, (args) => {
      const path = workspaceSourceOf(packagesRoot, args.path);
      return path === undefined ? undefined : { path };
    });
  },
};

/**
 * Bundles the dashboard's browser app with esbuild into `outDir`: `app.js` (TypeScript, RxJS
 * and the store package in one ES module), `app.css` (the stylesheets it imports) and
 * `index.html`.
 *
 * @param outDir - the output folder (created)
 * @param options - `minify` for the shipped build
 * @returns the output folder
 */
export async function buildWebBundle(
  outDir: string,
  options: { minify?: boolean } = {},
): Promise<string> {
  await mkdir(outDir, { recursive: true });
  await build({
    entryPoints: [join(webSources, 'main.ts')],
    outfile: join(outDir, 'app.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome110', 'firefox115', 'safari16'],
    sourcemap: true,
    minify: options.minify ?? false,
    logLevel: 'warning',
    plugins: [rxkubeFromSource],
  });
  await copyFile(join(webSources, 'index.html'), join(outDir, 'index.html'));
  return outDir;
}
