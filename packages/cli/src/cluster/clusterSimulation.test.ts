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
  it('picks another name when a new pod draws the name of a live one', () => {
    // Seed 1 at scale 13 draws, at step 7865, a pod name that is still in use.
    const simulation = new ClusterSimulation(server, { seed: 1, scale: 13 });
    simulation.populate();
    for (let step = 0; step < 7870; step += 1) simulation.tick();
    // Every pod the simulation tracks is on the server, and no other.
    expect(server.list('v1', 'Pod').length).toBe(simulation.podCount);
    // About 8,000 steps of 3,000 pods: long for a unit test, but this is the seed that collides.
  }, 120_000);

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
