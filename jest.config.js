import { readdirSync } from 'node:fs';

// One Jest project per package (every folder under packages/). TypeScript goes through ts-jest's ESM mode (transpile only;
// `npm run typecheck` does the type checking), so ESM-only dependencies such as
// @kubernetes/client-node load natively. Jest needs `--experimental-vm-modules` for that,
// which every package's `test` script passes to Node.

// RXKUBE_CLIENT_NODE=2 runs the suites against client-node 2.x (the `@kubernetes/client-node-2`
// npm alias) instead of the workspace's 1.4; see docs/development.md, "The test matrix".
const clientNode =
  process.env.RXKUBE_CLIENT_NODE === '2'
    ? { '^@kubernetes/client-node$': '@kubernetes/client-node-2' }
    : {};

/** @param {string} name */
function project(name) {
  return {
    displayName: name,
    rootDir: `<rootDir>/packages/${name}`,
    testEnvironment: 'node',
    extensionsToTreatAsEsm: ['.ts'],
    testMatch: ['<rootDir>/src/**/*.test.ts'],
    // ng-packagr writes a package.json into dist/ (packages/angular), which Jest would take for
    // a second package of the same name.
    modulePathIgnorePatterns: ['<rootDir>/dist/'],
    moduleNameMapper: {
      ...clientNode,
      '^@rxkube/([a-z-]+)$': '<rootDir>/../$1/src/index.ts',
      // Subpath entry points (`@rxkube/informer/errors`): package.json `exports` builds
      // src/entryPoints/<entry>.ts into dist/entryPoints/<entry>.js.
      '^@rxkube/([a-z-]+)/([A-Za-z-]+)$': '<rootDir>/../$1/src/entryPoints/$2.ts',
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    transform: {
      '^.+\\.ts$': [
        'ts-jest',
        { useESM: true, tsconfig: '<rootDir>/../../tsconfig.json', transpilation: true },
      ],
    },
  };
}

export default {
  rootDir: '.',
  projects: readdirSync(new URL('./packages', import.meta.url))
    .sort()
    .map(project),
};
