import { copyFile, mkdir, rm } from 'node:fs/promises';
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

/** Options of {@link buildWebBundle}. */
export interface WebBundleOptions {
  /** Minify, for the shipped build. Default false. */
  readonly minify?: boolean;
  /**
   * Write `app.js.map` (with the sources inlined) and link it from `app.js`. Default false: a
   * source map hands the whole source to whoever can load the page, so the shipped build has
   * one only when asked for (`RXKUBE_WEB_SOURCEMAP=1 npm run build`, see {@link sourceMapAskedFor}).
   */
  readonly sourcemap?: boolean;
}

/** The environment variable that asks the shipped build for a source map (`1`). */
export const sourceMapVariable = 'RXKUBE_WEB_SOURCEMAP';

/**
 * @param env - the build's environment
 * @returns whether it asks for a source map: {@link sourceMapVariable} set to `1` or `true`
 */
export function sourceMapAskedFor(env: Readonly<Record<string, string | undefined>>): boolean {
  const value = env[sourceMapVariable]?.trim().toLowerCase();
  return value === '1' || value === 'true';
}

/**
 * Bundles the dashboard's browser app with esbuild into `outDir`: `app.js` (TypeScript, RxJS
 * and the store package in one ES module), `app.css` (the stylesheets it imports),
 * `index.html`, and the source maps only when asked for (a map left from an earlier build is
 * removed otherwise, since the dashboard serves every file of the folder).
 *
 * @param outDir - the output folder (created)
 * @param options - `minify` for the shipped build, `sourcemap`
 * @returns the output folder
 */
export async function buildWebBundle(
  outDir: string,
  options: WebBundleOptions = {},
): Promise<string> {
  const sourcemap = options.sourcemap ?? false;
  await mkdir(outDir, { recursive: true });
  await build({
    entryPoints: [join(webSources, 'main.ts')],
    outfile: join(outDir, 'app.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome110', 'firefox115', 'safari16'],
    sourcemap,
    minify: options.minify ?? false,
    logLevel: 'warning',
    plugins: [rxkubeFromSource],
  });
  if (!sourcemap) {
    await Promise.all(
      ['app.js.map', 'app.css.map'].map((map) => rm(join(outDir, map), { force: true })),
    );
  }
  await copyFile(join(webSources, 'index.html'), join(outDir, 'index.html'));
  return outDir;
}
