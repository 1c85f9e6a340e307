import { join } from 'node:path';
import { workspaceSourceOf } from './workspaceSource.js';

const packagesRoot = join('/', 'repo', 'packages');

test('a package resolves to its src/index.ts', () => {
  expect(workspaceSourceOf(packagesRoot, '@rxkube/store')).toBe(
    join(packagesRoot, 'store', 'src', 'index.ts'),
  );
});

test('a subpath entry point resolves to src/entryPoints/<entry>.ts, as its exports build it', () => {
  expect(workspaceSourceOf(packagesRoot, '@rxkube/informer/errors')).toBe(
    join(packagesRoot, 'informer', 'src', 'entryPoints', 'errors.ts'),
  );
});

test.each(['rxjs', '@kubernetes/client-node', '@rxkube/informer/dist/index.js', './local.js'])(
  '%s is not a workspace entry point',
  (specifier) => {
    expect(workspaceSourceOf(packagesRoot, specifier)).toBeUndefined();
  },
);
