import { httpGet } from '../testSupport/http.testing.js';
import {
  startDashboardUnderTest,
  type DashboardUnderTest,
} from '../testSupport/dashboard.testing.js';

// The browser app's files: a path the server cannot decode is the client's error (400), a path
// that leaves the folder names nothing (404), and the page is served.

let running: DashboardUnderTest | undefined;

afterEach(async () => {
  await running?.stop();
  running = undefined;
});

test('malformed percent-escapes get 400, paths out of the folder 404, the page 200', async () => {
  running = await startDashboardUnderTest();
  const { url } = running.dashboard;
  for (const path of ['/%E0%A4%A', '/%', '/app%ZZ.js', '/%C0%80']) {
    const answer = await httpGet(url, path);
    expect([path, answer.status]).toEqual([path, 400]);
  }
  expect((await httpGet(url, '/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
  expect((await httpGet(url, '/no-such-file.js')).status).toBe(404);
  // An object's key with a malformed escape names no object.
  expect((await httpGet(url, '/api/objects/pods/shop/%E0%A4%A')).status).toBe(404);
  expect((await httpGet(url, '/')).status).toBe(200);
});
