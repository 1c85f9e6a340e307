// Package boundaries, enforced by ESLint's `no-restricted-imports` (see docs/development.md,
// "Package boundaries"). Each published package lists the workspace packages its sources may
// import; everything else in the workspace is forbidden, by package name (`@rxkube/informer`)
// and by relative path (`../../informer/src/index.js`). The private packages (bench,
// reliability, docs-check) may import anything. `packageBoundaries.test.ts` in
// `packages/devkit` lints a forbidden import in every package, so the rules cannot silently
// stop working.
import { readdirSync } from 'node:fs';

/** The private packages, which may import anything. */
export const unrestrictedPackages = ['bench', 'reliability', 'docs-check'];

/** What each package's sources may import from the workspace. */
export const allowedImports = {
  store: [],
  queue: ['store'],
  informer: ['store', 'queue'],
  controller: ['store', 'queue', 'informer'],
  testing: [],
  cli: ['store', 'queue', 'informer', 'controller', 'testing'],
  react: ['store', 'queue', 'informer'],
  devkit: [],
  angular: ['store', 'queue', 'informer'],
  // The example dashboard (private): every package's public entry points; nothing imports it.
  'angular-example': ['store', 'queue', 'informer', 'testing', 'cli', 'angular'],
};

/** What test code may import on top: the fake API server and the shared test helpers. */
export const testImports = ['testing', 'devkit'];

/** Files that are test code: tests, their helpers, the controller's example operator, the CLI's benchmarks. */
const testFiles = {
  default: ['**/*.test.ts', '**/*.testing.ts'],
  controller: ['**/*.test.ts', '**/*.testing.ts', 'packages/controller/src/examples/**'],
  // The dashboard's frame benchmark drives Chromium through devkit; it is not built or shipped.
  cli: ['**/*.test.ts', '**/*.testing.ts', 'packages/cli/src/benchmarks/**'],
};

/** Packages that must also run in a browser: no Node built-ins in their sources. */
export const browserPackages = new Set(['store', 'queue', 'informer', 'react']);

/**
 * The files of a browser package that may use Node: the informer's client-node lister-watcher,
 * published as `@rxkube/informer/node`.
 */
export const nodeOnlyFiles = [
  'packages/informer/src/clientNode/**',
  'packages/informer/src/entryPoints/node.ts',
];

/** What browser code may not import besides `node:` modules: Node-only HTTP clients. */
const nodeOnlyModules = ['@kubernetes/client-node', 'node-fetch'];

// Relative imports are matched by depth: from `packages/p/src/a/b.ts` (depth 1), `../../../x/`
// leaves package p and enters package x, while `../x/` is p's own folder `src/x`. One config
// per depth keeps ESLint's own rule (no plugin that resolves paths) exact about that.
const maxDepth = 8;

const workspacePackages = readdirSync(new URL('./packages', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function patterns(pkg, allowed, depth, browser) {
  const forbidden = workspacePackages.filter((name) => name !== pkg && !allowed.includes(name));
  const names = forbidden.join('|');
  const message =
    `${pkg} may import ${allowed.length === 0 ? 'no other package' : `only ${allowed.join(', ')}`} ` +
    `(docs/development.md, "Package boundaries").`;
  const result = [
    { regex: `^@rxkube/(${names})(/.*)?$`, message },
    { regex: `^(\\./)?(\\.\\./){${depth + 2}}(${names})(/.*)?$`, message },
    { regex: `(^|/)packages/(${names})(/.*)?$`, message },
  ];
  if (browser) {
    const message = `${pkg} must run in a browser; Node-only code of the informer goes in src/clientNode/ (@rxkube/informer/node).`;
    result.push({ group: ['node:*'], message });
    result.push({ regex: `^(${nodeOnlyModules.join('|')})(/.*)?$`, message });
  }
  return result;
}

function rule(pkg, allowed, depth, browser) {
  return {
    'no-restricted-imports': ['error', { patterns: patterns(pkg, allowed, depth, browser) }],
  };
}

/** The flat-config entries that enforce {@link allowedImports}. */
export const packageBoundaries = Object.entries(allowedImports).flatMap(([pkg, allowed]) =>
  Array.from({ length: maxDepth + 1 }, (_, depth) => {
    const files = `packages/${pkg}/src/${'*/'.repeat(depth)}*.ts`;
    const tests = testFiles[pkg] ?? testFiles.default;
    const browser = browserPackages.has(pkg);
    const allowedInTests = [...allowed, ...testImports];
    return [
      { files: [files], ignores: tests, rules: rule(pkg, allowed, depth, browser) },
      // The Node-only files of a browser package keep the package boundaries only.
      ...(browser
        ? [
            {
              files: nodeOnlyFiles.map((nodeOnly) => [files, nodeOnly]),
              ignores: tests,
              rules: rule(pkg, allowed, depth, false),
            },
          ]
        : []),
      // Test code may also import the test-only packages. In the browser packages, tests may
      // import Node built-ins but their helpers (`*.testing.ts`) may not, as before.
      ...tests.map((test) => ({
        files: [[files, test]],
        rules: rule(pkg, allowedInTests, depth, browser && test !== '**/*.test.ts'),
      })),
    ];
  }).flat(),
);
