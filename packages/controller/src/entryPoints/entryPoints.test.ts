import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as root from '@rxkube/controller';
import * as prometheus from '@rxkube/controller/prometheus';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * @returns every module the file loads when it is imported: its static imports, followed
 *   through the package's own files (type-only and dynamic imports load nothing at that point)
 */
function staticImports(file: string, seen = new Set<string>()): Set<string> {
  const text = readFileSync(file, 'utf8');
  const pattern = /^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm;
  for (const [, specifier] of text.matchAll(pattern)) {
    if (specifier === undefined) continue;
    if (!specifier.startsWith('.')) {
      seen.add(specifier);
      continue;
    }
    const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
    if (seen.has(target)) continue;
    seen.add(target);
    staticImports(target, seen);
  }
  return seen;
}

test('importing @rxkube/controller never loads prom-client; /prometheus does', () => {
  expect([...staticImports(resolve(src, 'index.ts'))]).not.toContain('prom-client');
  expect([...staticImports(resolve(src, 'entryPoints/prometheus.ts'))]).toContain('prom-client');
});

test('no name is exported by both entry points; prometheusMetrics lives in /prometheus', () => {
  const shared = Object.keys(root).filter((name) => name in prometheus);
  expect(shared).toEqual([]);
  expect(Object.keys(prometheus).sort()).toEqual(['prometheusExporter', 'prometheusMetrics']);
  expect(Object.keys(root)).toEqual(expect.arrayContaining(['manager', 'resource', 'resources']));
});

test("package.json's exports name the prometheus entry point's build; prom-client is an optional peer", () => {
  const manifest = JSON.parse(readFileSync(resolve(src, '../package.json'), 'utf8')) as {
    exports: Record<string, unknown>;
    peerDependencies: Record<string, string>;
    peerDependenciesMeta: Record<string, { optional?: boolean }>;
  };
  expect(manifest.exports['./prometheus']).toEqual({
    types: './dist/entryPoints/prometheus.d.ts',
    default: './dist/entryPoints/prometheus.js',
  });
  expect(manifest.peerDependencies['prom-client']).toBeDefined();
  expect(manifest.peerDependenciesMeta['prom-client']).toEqual({ optional: true });
});
