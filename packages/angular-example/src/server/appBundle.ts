import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

/** The page's files, in the package's `src/app` (the same path from `src/server` and `dist/server`). */
export const appDirectory = fileURLToPath(new URL('../../src/app/', import.meta.url));

/** The repository's root tsconfig: its `paths` resolve `@rxkube/*` to the packages' sources. */
const workspaceTsconfig = fileURLToPath(new URL('../../../../tsconfig.json', import.meta.url));

/**
 * Bundles the example page (`src/app/main.ts`) for the browser, in memory: the Angular
 * application with the compiler it compiles its components with (JIT, in the page), rxkube's
 * packages from their sources, RxJS. No Node built-in can enter a `platform: 'browser'` bundle
 * without failing it.
 *
 * @returns the bundle's JavaScript
 * @throws the esbuild error (with every message) when the page does not bundle
 */
export async function bundleApp(): Promise<string> {
  const result = await build({
    entryPoints: [`${appDirectory}main.ts`],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    tsconfig: workspaceTsconfig,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (output === undefined) throw new Error('esbuild wrote no bundle for the example page');
  return output.text;
}
