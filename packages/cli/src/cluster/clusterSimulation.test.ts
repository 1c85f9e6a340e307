import { jest } from '@jest/globals';
import { FakeApiServer, StatusError } from '@rxkube/testing';
import { ClusterSimulation } from './clusterSimulation.js';

// The simulation is deterministic for a seed: these tests drive its steps directly.

let server: FakeApiServer;

beforeEach(async () => {
  server = await FakeApiServer.start({ historyLimit: 1000, seed: 1 });
});

afterEach(async () => {
  await server.stop();
});

describe('ClusterSimulation', () => {
  it('picks another name when a new pod draws the name of a live one', async () => {
    // A twin on its own server, with the same seed, shows which name the next new pod draws.
    const twinServer = await FakeApiServer.start({ historyLimit: 1000, seed: 1 });
    let steps = 0;
    let drawn: { namespace: string; name: string } | undefined;
    try {
      const twin = new ClusterSimulation(twinServer, { seed: 1 });
      twin.populate();
      const before = new Set(podKeys(twinServer));
      while (drawn === undefined) {
        twin.tick();
        steps += 1;
        const fresh = podKeys(twinServer).find((key) => !before.has(key));
        if (fresh !== undefined) {
          const [namespace = '', name = ''] = fresh.split('/');
          drawn = { namespace, name };
        }
      }
    } finally {
      await twinServer.stop();
    }
    // Someone else already has a pod of that name when the simulation draws it.
    const simulation = new ClusterSimulation(server, { seed: 1 });
    simulation.populate();
    for (let step = 1; step < steps; step += 1) simulation.tick();
    const planted = server.create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { ...drawn, labels: { planted: 'true' } },
    });
    simulation.tick();
    // The planted pod is untouched, and every pod the simulation tracks is on the server.
    expect(server.get({ apiVersion: 'v1', kind: 'Pod', ...drawn })).toEqual(planted);
    expect(server.list('v1', 'Pod').length).toBe(simulation.podCount + 1);
  });

  it('reports a failed step on failures$ and goes on with the next ones on its timer', () => {
    const simulation = new ClusterSimulation(server, { seed: 1 });
    simulation.populate();
    const failures: unknown[] = [];
    simulation.failures$.subscribe((err) => failures.push(err));
    // Behind the simulation's back, every pod goes: its next changes to them find nothing.
    for (const pod of server.list('v1', 'Pod')) {
      const { namespace, name } = pod.metadata as { namespace: string; name: string };
      server.delete({ apiVersion: 'v1', kind: 'Pod', namespace, name });
    }
    jest.useFakeTimers();
    try {
      simulation.start(400);
      jest.advanceTimersByTime(3 * 400);
      simulation.stop();
    } finally {
      jest.useRealTimers();
    }
    // Each failure is the server's 404, and steps kept running after the first one failed.
    const codes = failures.map((err) => (err instanceof StatusError ? err.status.code : err));
    expect({ codes: [...new Set(codes)], failedAgain: codes.length > 1 }).toEqual({
      codes: [404],
      failedAgain: true,
    });
  });
});

function podKeys(server: FakeApiServer): string[] {
  return server.list('v1', 'Pod').map((pod) => {
    const { namespace, name } = pod.metadata as { namespace: string; name: string };
    return `${namespace}/${name}`;
  });
}
