/**
 * The soak's server thread: the fake API server, its workload and its faults run here, on a
 * core of their own, so that at thousands of changes per second the server's work neither
 * slows the informers down nor counts in their heap samples. {@link ServerThread} is the other
 * end.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { FakeApiServer } from '@rxkube/testing';
import { injectFault } from '../faults/faultDriver.js';
import type { FaultStep } from '../faults/faultPlan.js';
import { expectedCaches } from '../scenario/serverState.js';
import { variants } from '../scenario/variants.js';
import { Workload } from '../scenario/workload.js';
import type { ServerRequest, ServerThreadOptions, SoakServerStats } from './serverThread.js';

const port = parentPort!;
const options = workerData as ServerThreadOptions;
const server = await FakeApiServer.start({
  seed: options.seed,
  bookmarkIntervalMs: 1_000,
  historyLimit: 20_000,
});
const workload = new Workload(server, {
  objects: options.objects,
  churnPerSecond: options.eventsPerSecond * 0.75,
  loadedChangesPerSecond: options.eventsPerSecond * 0.25,
  maxChurnObjects: Math.round(options.objects / 4),
  seed: options.seed,
});

const methods = {
  startLoad: () => workload.start(),
  fault: async (step: FaultStep) => {
    await injectFault(server, step, undefined);
  },
  stopLoad: () => {
    workload.stop();
    server.faults.clear();
  },
  stats: (): SoakServerStats => ({
    objects: server.list('v1', 'Pod').length,
    changes: workload.changes,
    skipped: workload.skipped,
  }),
  expected: () => expectedCaches(server, variants).map((state) => [...state]),
  stop: async () => {
    workload.stop();
    await server.stop();
  },
};

port.on('message', (request: ServerRequest) => {
  void (async () => {
    try {
      const call = methods[request.method] as (params: unknown) => unknown;
      port.postMessage({ id: request.id, result: await call(request.params) });
    } catch (error) {
      port.postMessage({ id: request.id, error: String(error) });
    }
    // Only after the reply: a port closed first drops it, and the caller waits forever.
    if (request.method === 'stop') port.close();
  })();
});
port.postMessage({ ready: server.kubeConfigYaml() });
