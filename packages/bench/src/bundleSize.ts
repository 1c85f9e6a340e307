/**
 * The bundle budget: bundles a typical informer page for the browser (the informer's root entry
 * with `SharedIndexInformer`, `fetchListerWatcher` and the store's selectors, and the RxJS they
 * use) with esbuild, minified, as an application ships it; prints its size minified and
 * minified + gzip; and fails when the gzip size is more than 10% over the figure recorded in
 * `results/bundle-size.json`, or when client-node or node-fetch got in. `--record` writes the
 * current figures as the new budget.
 *
 *   npm run bundle-size [-- --record]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { bundleForBrowser, nodeOnlyInputs } from '@rxkube/devkit';

/** What the page does: a live pod table filtered by namespace, through a same-origin proxy. */
const page = `
import { SharedIndexInformer, fetchListerWatcher } from '@rxkube/informer';
import { NamespaceIndex, metaNamespaceIndexFunc, selectByIndex } from '@rxkube/store';
const pods = new SharedIndexInformer(
  fetchListerWatcher('/k8s', { version: 'v1', plural: 'pods' }),
  { indexers: { [NamespaceIndex]: metaNamespaceIndexFunc } },
);
pods.indexer$.pipe(selectByIndex(NamespaceIndex, 'shop')).subscribe((rows) => console.log(rows));
pods.start();
`;

/** The recorded figures, in bytes. */
interface BundleSize {
  readonly minified: number;
  readonly gzip: number;
}

/** How far over the recorded gzip size the bundle may grow. */
const allowedGrowth = 0.1;
const recordFile = new URL('../results/bundle-size.json', import.meta.url);

const bundle = await bundleForBrowser(page, { minify: true });
const current: BundleSize = {
  minified: bundle.code.length,
  gzip: gzipSync(bundle.code, { level: 9 }).length,
};
const nodeOnly = nodeOnlyInputs(bundle);
if (nodeOnly.length > 0) {
  console.error(`bundle-size: Node-only code in the browser bundle: ${nodeOnly.join(', ')}`);
  process.exit(1);
}
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(
  `bundle-size: informer page with store, queue and rxjs: ${current.minified} bytes minified ` +
    `(${kb(current.minified)}), ${current.gzip} bytes minified + gzip (${kb(current.gzip)})`,
);

if (process.argv.includes('--record')) {
  writeFileSync(recordFile, `${JSON.stringify(current, null, 2)}\n`);
  console.log(`bundle-size: recorded in ${recordFile.pathname}`);
} else {
  const recorded = JSON.parse(readFileSync(recordFile, 'utf8')) as BundleSize;
  const limit = Math.floor(recorded.gzip * (1 + allowedGrowth));
  console.log(`bundle-size: recorded ${recorded.gzip} bytes gzip, limit ${limit}`);
  if (current.gzip > limit) {
    console.error(
      `bundle-size: ${current.gzip} bytes gzip is more than ${allowedGrowth * 100}% over the ` +
        `recorded ${recorded.gzip}. Make it smaller, or record the new size with ` +
        '`npm run bundle-size -- --record` and say why in the commit.',
    );
    process.exit(1);
  }
}
