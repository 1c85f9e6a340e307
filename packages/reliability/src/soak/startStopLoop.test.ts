import { jest } from '@jest/globals';
import { startStopLoop } from './startStopLoop.js';

jest.setTimeout(120_000);

// The short CI form of `npm run soak -- --start-stop 1000`. The heap is not judged here (Jest
// runs without --expose-gc); handles and connections are.
test('starting and stopping 100 informers leaves no handle, socket or watch behind', async () => {
  (globalThis as { gc?: () => void }).gc ??= () => undefined;
  const lines: string[] = [];
  const result = await startStopLoop({
    informers: 100,
    parallel: 20,
    objects: 20,
    maxHeapGrowth: Infinity,
    print: (line) => lines.push(line),
  });
  expect(result.leakedHandles).toEqual([]);
  expect([result.openConnections, result.openWatches]).toEqual([0, 0]);
  expect(lines[0]).toMatch(/^100 informers started and stopped/);
});
