import { jest } from '@jest/globals';
import { bundleForBrowser, nodeOnlyInputs } from '@rxkube/devkit';

// What a page bundles: the informer's root entry with store and queue, as esbuild bundles it for
// the browser with nothing external. A Node built-in fails the bundle; client-node and
// node-fetch (whose browser build esbuild would take silently) show in its inputs.
jest.setTimeout(30_000);

test('the root entry bundles for a browser with no client-node, node-fetch or Node built-in', async () => {
  const bundle = await bundleForBrowser(
    ["'@rxkube/informer'", "'@rxkube/store'", "'@rxkube/queue'"]
      .map((entry) => `export * from ${entry};`)
      .join('\n'),
  );
  expect(nodeOnlyInputs(bundle)).toEqual([]);
  expect(bundle.inputs).toEqual(
    expect.arrayContaining([
      'packages/informer/src/fetch/fetchListerWatcher.ts',
      'packages/informer/src/sharedIndexInformer.ts',
    ]),
  );
});

test('the client-node lister-watcher of /node is what brings node-fetch in', async () => {
  const bundle = await bundleForBrowser("export * from '@rxkube/informer/node';");
  expect(nodeOnlyInputs(bundle)).toEqual(
    expect.arrayContaining([expect.stringMatching(/node_modules\/node-fetch\//)]),
  );
});
