import { jest } from '@jest/globals';
import type { ListerWatcher } from '@rxkube/informer';
import type { KubeObject } from '@rxkube/store';
import { NEVER, throwError } from 'rxjs';
import type { FaultStep } from '../faults/faultPlan.js';
import { ciScenario, runScenario } from './runScenario.js';
import { startRxkube } from './rxkubeClient.js';

jest.setTimeout(120_000);

const small = { ...ciScenario, objects: 300, faultTimeoutMs: 3_000, convergeTimeoutMs: 3_000 };
const dropWatches: FaultStep = { type: 'closeWatches', afterEvents: 0, times: 1, ms: 0 };

/**
 * The last informer's lister-watcher after its first list and watch: every later watch fails at
 * once, and every later list never answers, so the informer relists and stays in that list.
 */
function stuckAfterFirstWatch(): (lw: ListerWatcher<KubeObject>) => ListerWatcher<KubeObject> {
  let wrapped = 0;
  return (lw) => {
    wrapped += 1;
    if (wrapped < 4) return lw;
    let lists = 0;
    let watches = 0;
    return {
      ...lw,
      list: (options) => (++lists === 1 ? lw.list(options) : NEVER),
      watch: (options) =>
        ++watches === 1 ? lw.watch(options) : throwError(() => new Error('watch refused')),
    };
  };
}

test('an informer left in a list is reported with every informer state and the heap in use', async () => {
  const wrap = stuckAfterFirstWatch();
  const result = await runScenario(
    5,
    [dropWatches, dropWatches],
    (server, variants) => startRxkube(server, variants, wrap),
    small,
  );
  expect(result.passed).toBe(false);
  const stuck = result.problems.find((p) => p.startsWith('before fault #1:'));
  // Which informer is not watching, how far it got (its list, relist and watch counts) and what
  // its handlers still hold: enough to tell a list that never ends from one starved of CPU.
  expect(stuck).toMatch(/^before fault #1: only 3 informer\(s\) watching \(heap \d+ MB\)/);
  expect(stuck).toMatch(
    /field: \{"lists":\d+,"relists":\d+,"watches":\d+,.*buffered: fast \d+, slow \d+/,
  );
});
