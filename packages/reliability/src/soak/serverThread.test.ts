import { jest } from '@jest/globals';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundleFromSource } from '../../../cli/src/testSupport/cliProcess.testing.js';
import { ServerThread } from './serverThread.js';

jest.setTimeout(60_000);

let script: string;

beforeAll(async () => {
  // The thread's module as `npm run soak` runs it, bundled from source (a worker cannot load
  // TypeScript).
  script = await bundleFromSource(
    fileURLToPath(new URL('./soakServer.ts', import.meta.url)),
    'soak-server',
  );
});

afterAll(() => rmSync(script, { force: true }));

// `npm run soak` once exited 13 after passing every check: the thread closed its port before it
// replied to `stop`, so `stop()` waited forever.
test('stop() answers once the server is stopped and the thread has ended', async () => {
  const thread = await ServerThread.start({ objects: 20, eventsPerSecond: 10, seed: 1 }, script);
  expect((await thread.stats()).objects).toBe(20);
  await thread.stop();
  expect(thread.running).toBe(false);
});

test('a call that the thread cannot answer any more fails instead of waiting forever', async () => {
  const thread = await ServerThread.start({ objects: 5, eventsPerSecond: 10, seed: 2 }, script);
  await thread.stop();
  await expect(thread.stats()).rejects.toThrow(/server thread exited/);
});
