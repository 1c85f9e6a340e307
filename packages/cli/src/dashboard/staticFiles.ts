import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json',
  '.png': 'image/png',
};

/**
 * Serves a file of the browser app's folder, refusing paths that leave it. A path with a
 * malformed percent-escape (`/%E0%A4%A`) is the client's error: `400`, not a failure of the
 * server.
 *
 * @param root - the folder (the built app)
 * @param urlPath - the request path, e.g. `/app.js`; `/` serves `index.html`
 * @param response - where to answer
 * @returns whether it answered (a file, or `400` for a malformed path); else nothing was written
 */
export async function serveStatic(
  root: string,
  urlPath: string,
  response: ServerResponse,
): Promise<boolean> {
  let relative: string;
  try {
    relative = urlPath === '/' ? 'index.html' : decodeURIComponent(urlPath.slice(1));
  } catch {
    response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('malformed percent-escape in the path\n');
    return true;
  }
  const file = normalize(join(root, relative));
  if (!file.startsWith(normalize(root + sep)) && file !== normalize(root)) return false;
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    return false;
  }
  response.writeHead(200, {
    'Content-Type': types[extname(file)] ?? 'application/octet-stream',
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(body);
  return true;
}
