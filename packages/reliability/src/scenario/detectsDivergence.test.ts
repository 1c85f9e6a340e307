import { jest } from '@jest/globals';
import type { ListerWatcher } from '@rxkube/informer';
import type { KubeObject } from '@rxkube/store';
import { filter } from 'rxjs';
import type { FaultStep } from '../faults/faultPlan.js';
import { ciScenario, runScenario } from './runScenario.js';
import { startRxkube } from './rxkubeClient.js';

jest.setTimeout(120_000);

// The checks must be able to fail: a lister-watcher that loses events, or a client that stays
// silent about a fault, has to be caught.
const small = { ...ciScenario, objects: 300, faultTimeoutMs: 3_000, convergeTimeoutMs: 3_000 };
const dropWatches: FaultStep = { type: 'closeWatches', afterEvents: 0, times: 1, ms: 0 };
const reset: FaultStep = { type: 'resetConnection', afterEvents: 1, times: 1, ms: 0 };

test('a watch that loses DELETED events is reported as a diverged cache with a diff', async () => {
  const lossy = (lw: ListerWatcher<KubeObject>): ListerWatcher<KubeObject> => ({
    ...lw,
    list: (options) => lw.list(options),
    watch: (options) => lw.watch(options).pipe(filter((event) => event.type !== 'DELETED')),
  });
  const result = await runScenario(
    3,
    [dropWatches, dropWatches],
    (server, variants) => startRxkube(server, variants, lossy),
    small,
  );
  expect(result.passed).toBe(false);
  expect(result.problems.join('\n')).toMatch(/all cache diverged: .*extra [a-d]\//);
  expect(result.problems.join('\n')).toMatch(/all handler fast replay diverged/);
});

test('a fault the client does not report fails the seed and names the fault', async () => {
  const result = await runScenario(
    4,
    [reset],
    (server, variants) => {
      const client = startRxkube(server, variants);
      return {
        ...client,
        observation: { errors: () => 0, requests: client.observation!.requests },
      };
    },
    small,
  );
  expect(result.passed).toBe(false);
  expect(result.problems[0]).toMatch(/fault #0 resetConnection\(after 1 events\): not reported/);
});
