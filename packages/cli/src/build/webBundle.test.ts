import { jest } from '@jest/globals';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWebBundle, sourceMapAskedFor } from './webBundle.js';

// The shipped browser app carries no source map unless the build asks for one: the dashboard
// serves every file of its folder, and a map hands out the whole source.

jest.setTimeout(60_000);

let outDir: string;

beforeEach(() => {
  outDir = mkdtempSync(join(tmpdir(), 'rxkube-web-bundle-'));
});

afterEach(() => {
  rmSync(outDir, { recursive: true, force: true });
});

test('the minified build writes no source map and removes one left from an earlier build', async () => {
  writeFileSync(join(outDir, 'app.js.map'), '{}');
  await buildWebBundle(outDir, { minify: true });
  expect(existsSync(join(outDir, 'app.js'))).toBe(true);
  expect(existsSync(join(outDir, 'app.js.map'))).toBe(false);
  expect(existsSync(join(outDir, 'app.css.map'))).toBe(false);
  expect(readFileSync(join(outDir, 'app.js'), 'utf8')).not.toContain('sourceMappingURL');
});

test('a source map is written when asked for', async () => {
  await buildWebBundle(outDir, { minify: true, sourcemap: true });
  expect(existsSync(join(outDir, 'app.js.map'))).toBe(true);
  expect(readFileSync(join(outDir, 'app.js'), 'utf8')).toContain('sourceMappingURL=app.js.map');
});

test('RXKUBE_WEB_SOURCEMAP=1 asks for it; nothing else does', () => {
  expect(sourceMapAskedFor({ RXKUBE_WEB_SOURCEMAP: '1' })).toBe(true);
  expect(sourceMapAskedFor({ RXKUBE_WEB_SOURCEMAP: 'true' })).toBe(true);
  expect(sourceMapAskedFor({})).toBe(false);
  expect(sourceMapAskedFor({ RXKUBE_WEB_SOURCEMAP: '0' })).toBe(false);
  expect(sourceMapAskedFor({ NODE_ENV: 'development' })).toBe(false);
});
