import { fileURLToPath } from 'node:url';
import { buildWebBundle } from './webBundle.js';

// `npm run build` step: the browser app into dist/web, next to the compiled commands.
await buildWebBundle(fileURLToPath(new URL('../web/', import.meta.url)), { minify: true });
