import { jest } from '@jest/globals';
import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';

// The package boundaries of docs/development.md, checked through the repository's own ESLint
// configuration: every forbidden import must fail `npm run lint`, and the imports the packages
// rely on must not. Nothing is written to disk: each case is linted as if it were a file at
// the given path, which is all the configuration looks at.
jest.setTimeout(60_000);

const repoRoot = new URL('../../../', import.meta.url).pathname;
const eslint = new ESLint({ cwd: repoRoot });

/** The `no-restricted-imports` messages for `code` linted as `filePath`. */
async function violations(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [x];\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports' || message.fatal === true)
    .map((message) => message.message);
}

const forbidden: [file: string, code: string][] = [
  // store imports no other package
  ['packages/store/src/x.ts', "import { x } from '@rxkube/queue';"],
  ['packages/store/src/x.ts', "import { x } from '../../informer/src/index.js';"],
  ['packages/store/src/a/x.ts', "import type { x } from '../../../queue/src/deltaFIFO.js';"],
  ['packages/store/src/x.ts', "import { x } from 'node:events';"],
  ['packages/store/src/x.testing.ts', "import { x } from 'node:events';"],
  // queue only store
  ['packages/queue/src/x.ts', "import { x } from '@rxkube/informer';"],
  ['packages/queue/src/a/b/x.ts', "export { x } from '../../../../informer/src/index.js';"],
  ['packages/queue/src/x.ts', "import { x } from 'node:fs';"],
  ['packages/queue/src/x.ts', "import { x } from '@rxkube/informer/errors';"],
  // informer never testing or cli
  ['packages/informer/src/x.ts', "import { x } from '@rxkube/testing';"],
  ['packages/informer/src/x.ts', "import { x } from '@rxkube/cli';"],
  ['packages/informer/src/a/x.ts', "import { x } from '../../../testing/src/index.js';"],
  ['packages/informer/src/x.ts', "import { x } from '@rxkube/controller';"],
  // the informer runs in a browser, except its client-node lister-watcher (/node)
  ['packages/informer/src/x.ts', "import { x } from 'node:fs';"],
  ['packages/informer/src/fetch/x.ts', "import { x } from '@kubernetes/client-node';"],
  ['packages/informer/src/http/x.ts', "import x from 'node-fetch';"],
  ['packages/informer/src/x.testing.ts', "import { x } from 'node:http';"],
  ['packages/informer/src/clientNode/x.ts', "import { x } from '../../../testing/src/index.js';"],
  // testing never informer
  ['packages/testing/src/x.ts', "import { x } from '@rxkube/informer';"],
  ['packages/testing/src/a/x.ts', "import { x } from '../../../informer/src/index.js';"],
  ['packages/testing/src/x.test.ts', "import { x } from '@rxkube/informer';"],
  // controller never cli
  ['packages/controller/src/x.ts', "import { x } from '@rxkube/cli';"],
  ['packages/controller/src/a/x.test.ts', "import { x } from '../../../cli/src/index.js';"],
  // react: store, queue, informer; browser-safe; nothing imports react
  ['packages/react/src/x.ts', "import { x } from '@rxkube/controller';"],
  ['packages/react/src/x.ts', "import { x } from 'node:http';"],
  ['packages/react/src/x.testing.ts', "import { x } from 'node:http';"],
  ['packages/react/src/a/x.ts', "import { x } from '../../../cli/src/index.js';"],
  ['packages/informer/src/x.ts', "import { x } from '@rxkube/react';"],
  ['packages/cli/src/x.ts', "import { x } from '@rxkube/react';"],
  // angular only store, queue and informer; nothing imports angular
  ['packages/angular/src/x.ts', "import { x } from '@rxkube/controller';"],
  ['packages/angular/src/x.ts', "import { x } from '@rxkube/testing';"],
  ['packages/angular/src/a/x.ts', "import { x } from '../../../cli/src/index.js';"],
  ['packages/informer/src/x.ts', "import { x } from '@rxkube/angular';"],
  ['packages/cli/src/x.ts', "import { x } from '@rxkube/angular';"],
  ['packages/controller/src/x.test.ts', "import { x } from '@rxkube/angular';"],
  // the Angular example imports public entry points, the test helpers only in tests; nothing imports it
  ['packages/angular-example/src/x.ts', "import { x } from '@rxkube/devkit';"],
  ['packages/angular-example/src/a/x.ts', "import { x } from '@rxkube/reliability';"],
  ['packages/angular/src/x.ts', "import { x } from '@rxkube/angular-example';"],
  ['packages/cli/src/a/x.ts', "import { x } from '../../../angular-example/src/x.js';"],
  // the test-only packages stay out of what is published
  ['packages/informer/src/x.ts', "import { x } from '@rxkube/devkit';"],
  ['packages/controller/src/x.ts', "import { x } from '@rxkube/testing';"],
  ['packages/devkit/src/x.ts', "import { x } from '@rxkube/store';"],
];

test.each(forbidden)('%s: %s fails the lint', async (file, code) => {
  expect(await violations(file, code)).toEqual([expect.any(String)]);
});

test('the message names the boundary that was crossed', async () => {
  expect(await violations('packages/store/src/x.ts', "import { x } from '@rxkube/queue';")).toEqual(
    [expect.stringContaining('store may import no other package')],
  );
});

const allowed: [file: string, code: string][] = [
  ['packages/queue/src/x.ts', "import { x } from '@rxkube/store';"],
  ['packages/informer/src/x.ts', "import { x } from '@rxkube/queue';"],
  // a folder of the package's own that shares a package's name
  ['packages/informer/src/a/x.ts', "import { x } from '../testing/pods.testing.js';"],
  ['packages/informer/src/x.test.ts', "import { x } from '@rxkube/testing';"],
  ['packages/informer/src/a/x.testing.ts', "import { x } from '@rxkube/devkit';"],
  ['packages/store/src/x.test.ts', "import { x } from 'node:events';"],
  ['packages/informer/src/clientNode/x.ts', "import x from 'node-fetch';"],
  ['packages/informer/src/clientNode/x.ts', "import { x } from '@kubernetes/client-node';"],
  ['packages/informer/src/entryPoints/node.ts', "import { x } from 'node:fs';"],
  ['packages/informer/src/x.test.ts', "import { x } from 'node:http';"],
  ['packages/controller/src/x.ts', "import { x } from '@rxkube/informer';"],
  ['packages/controller/src/x.ts', "import { x } from '@rxkube/informer/errors';"],
  ['packages/controller/src/examples/a/x.ts', "import { x } from '@rxkube/testing';"],
  ['packages/cli/src/x.ts', "import { x } from '@rxkube/testing';"],
  ['packages/react/src/x.ts', "import { x } from '@rxkube/informer';"],
  ['packages/react/src/x.test.ts', "import { x } from '@rxkube/testing';"],
  ['packages/react/src/x.test.ts', "import { x } from 'node:http';"],
  ['packages/angular/src/x.ts', "import { x } from '@rxkube/informer';"],
  ['packages/angular/src/x.test.ts', "import { x } from '@rxkube/devkit';"],
  ['packages/reliability/src/x.ts', "import { x } from '@rxkube/cli';"],
  ['packages/angular-example/src/a/x.ts', "import { x } from '@rxkube/cli/apiProxy';"],
  ['packages/angular-example/src/a/x.ts', "import { x } from '@rxkube/angular';"],
  ['packages/angular-example/src/x.test.ts', "import { x } from '@rxkube/devkit';"],
  ['packages/bench/src/x.ts', "import { x } from '../../informer/src/index.js';"],
];

test.each(allowed)('%s: %s passes', async (file, code) => {
  expect(await violations(file, code)).toEqual([]);
});

test('every package of the workspace is covered: a forbidden import fails in each', async () => {
  const unrestricted = new Set(['bench', 'reliability', 'docs-check']);
  const packages = readdirSync(new URL('../../', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !unrestricted.has(entry.name))
    .map((entry) => entry.name);
  const failing: string[] = [];
  for (const name of packages) {
    const other = name === 'reliability' ? 'bench' : 'reliability';
    const found = await violations(
      `packages/${name}/src/x.ts`,
      `import { x } from '@rxkube/${other}';`,
    );
    if (found.length !== 1) failing.push(name);
  }
  expect(failing).toEqual([]);
});
