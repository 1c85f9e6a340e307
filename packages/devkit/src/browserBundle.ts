import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';

/** The monorepo's `packages` folder. */
const packagesRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A page's code bundled for the browser, and what went into it. */
export interface BrowserBundle {
  /** The bundle (an ES module). */
  readonly code: Uint8Array;
  /** Every file the bundle was built from, as paths relative to the repository. */
  readonly inputs: readonly string[];
}

/**
 * Inputs that have no place in a browser bundle of the informer core: client-node and
 * node-fetch (whose browser build esbuild would otherwise pick without a word). Node built-ins
 * need no entry: with the browser platform and nothing external, esbuild fails on them.
 */
const nodeOnlyPackages = /node_modules\/(@kubernetes\/client-node[^/]*|node-fetch)\//;

/**
 * Bundles a page's code for the browser the way an application's bundler would (esbuild,
 * `platform: 'browser'`, ESM, nothing external), resolving `@rxkube/<name>` and its subpath
 * entry points to the workspace's TypeScript sources so that no build is needed.
 *
 * @param source - the page's TypeScript; its relative imports resolve from `resolveDir`
 * @param options - `minify` for the size a user ships; `resolveDir` (default: the packages folder)
 * @returns the bundle and its inputs
 * @throws the bundler's error when anything does not resolve for the browser (a Node built-in)
 */
export async function bundleForBrowser(
  source: string,
  options: { minify?: boolean; resolveDir?: string } = {},
): Promise<BrowserBundle> {
  const { build } = await import('esbuild');
  const result = await build({
    stdin: { contents: source, loader: 'ts', resolveDir: options.resolveDir ?? packagesRoot },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: options.minify ?? false,
    write: false,
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: join(packagesRoot, '..'),
    plugins: [workspaceSources],
  });
  return {
    code: result.outputFiles[0]?.contents ?? new Uint8Array(0),
    inputs: Object.keys(result.metafile.inputs),
  };
}

/**
 * @param bundle - a browser bundle
 * @returns its inputs that come from Node-only packages (client-node, node-fetch)
 */
export function nodeOnlyInputs(bundle: BrowserBundle): string[] {
  return bundle.inputs.filter((input) => nodeOnlyPackages.test(input));
}

/** Resolves `@rxkube/<name>` to `src/index.ts` and `@rxkube/<name>/<entry>` to its entry point. */
const workspaceSources: Plugin = {
  name: 'rxkube-workspace-sources',
  setup(build) {
    build.onResolve({ filter: /^@rxkube\/[a-z-]+(\/[a-z-]+)?$/ }, ({ path }) => {
      const [, name = '', entry] = /^@rxkube\/([a-z-]+)(?:\/([a-z-]+))?$/.exec(path) ?? [];
      return {
        path:
          entry === undefined
            ? join(packagesRoot, name, 'src', 'index.ts')
            : join(packagesRoot, name, 'src', 'entryPoints', `${entry}.ts`),
      };
    });
    // The sources import each other as `./x.js`; the files are `./x.ts`.
    build.onResolve({ filter: /^\.{1,2}\/.*\.js$/ }, ({ path, resolveDir }) => ({
      path: join(resolveDir, path.replace(/\.js$/, '.ts')),
    }));
  },
};
