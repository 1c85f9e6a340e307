import { fileURLToPath } from 'node:url';
import { buildWebBundle, sourceMapAskedFor } from './webBundle.js';

// `npm run build` step: the browser app into dist/web, next to the compiled commands; its
// source map only with RXKUBE_WEB_SOURCEMAP=1.
await buildWebBundle(fileURLToPath(new URL('../web/', import.meta.url)), {
  minify: true,
  sourcemap: sourceMapAskedFor(process.env),
});
