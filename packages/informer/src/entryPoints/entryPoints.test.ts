import { readFileSync, readdirSync } from 'node:fs';
import * as root from '@rxkube/informer';
import * as errors from '@rxkube/informer/errors';
import * as nodeEntry from '@rxkube/informer/node';
import * as reflectorEntry from '@rxkube/informer/reflector';

// The package's entry points, as package.json `exports` publishes them: each name has one home,
// and each subpath is declared for the file that builds it.
const entryPoints = {
  '.': root,
  './errors': errors,
  './node': nodeEntry,
  './reflector': reflectorEntry,
};

test('no name is exported by two entry points', () => {
  const homes = new Map<string, string[]>();
  for (const [entry, module] of Object.entries(entryPoints)) {
    for (const name of Object.keys(module)) homes.set(name, [...(homes.get(name) ?? []), entry]);
  }
  expect([...homes].filter(([, entries]) => entries.length > 1)).toEqual([]);
});

test('the root leaves the reflector machinery and the error subclasses to their subpaths', () => {
  expect(Object.keys(root)).toEqual(
    expect.arrayContaining(['SharedIndexInformer', 'InformerError']),
  );
  for (const name of ['reflector', 'transition', 'listAll', 'Backoff', 'CacheController'])
    expect(Object.keys(reflectorEntry)).toContain(name);
  for (const name of ['ApiError', 'ObjectError', 'isExpired'])
    expect(Object.keys(errors)).toContain(name);
  expect(Object.keys(root)).not.toContain('Controller');
});

test('client-node lives in /node; the root lists and watches through fetch', () => {
  expect(Object.keys(nodeEntry).sort()).toEqual([
    'listerWatcher',
    'listerWatcherSource',
    'metadataListerWatcher',
  ]);
  expect(Object.keys(root)).toEqual(
    expect.arrayContaining(['fetchListerWatcher', 'fetchListerWatcherSource']),
  );
  expect(Object.keys(root)).not.toContain('listerWatcher');
});

test('every error class of /errors is an InformerError of the root', () => {
  // The classes are the values whose names end in Error; the predicates are plain functions.
  const classes = Object.entries(errors)
    .filter(([name]) => name.endsWith('Error'))
    .map(([, value]) => value as unknown as { prototype: object });
  expect(classes.length).toBeGreaterThan(10);
  for (const errorClass of classes) expect(errorClass.prototype).toBeInstanceOf(root.InformerError);
});

test("package.json's exports name each entry point's build, and each has a source", () => {
  const manifest = JSON.parse(
    readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
  ) as { exports: Record<string, { types: string; default: string } | string> };
  const sources = readdirSync(new URL('.', import.meta.url)).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );
  const subpaths = Object.keys(manifest.exports).filter(
    (key) => key !== '.' && key !== './package.json',
  );
  expect(subpaths.sort()).toEqual(sources.map((file) => `./${file.replace(/\.ts$/, '')}`).sort());
  expect(subpaths.sort()).toEqual(
    Object.keys(entryPoints)
      .filter((key) => key !== '.')
      .sort(),
  );
  for (const subpath of subpaths) {
    const name = subpath.slice('./'.length);
    expect(manifest.exports[subpath]).toEqual({
      types: `./dist/entryPoints/${name}.d.ts`,
      default: `./dist/entryPoints/${name}.js`,
    });
  }
});
