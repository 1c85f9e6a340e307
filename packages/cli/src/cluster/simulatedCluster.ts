import type { KubeConfig } from '@kubernetes/client-node';
import { FakeApiServer } from '@rxkube/testing';
import { ClusterSimulation } from './clusterSimulation.js';
import { FaultSchedule } from './faultSchedule.js';

/** Options of {@link startSimulatedCluster}. */
export interface SimulatedClusterOptions {
  /** Seed of the simulation. Default 1. */
  seed?: number;
  /** Multiplies the deployments' sizes. Default 1 (about 250 pods). */
  scale?: number;
  /** Time between simulation steps (ms). Default 400; 0 for a still cluster. */
  tickMs?: number;
  /** Time between injected faults (ms). Default 30,000; 0 for none. */
  faultIntervalMs?: number;
}

/** A running embedded cluster. */
interface SimulatedCluster {
  readonly server: FakeApiServer;
  readonly simulation: ClusterSimulation;
  readonly faults: FaultSchedule;
  /** A KubeConfig pointing at the server. */
  readonly kubeConfig: KubeConfig;
  /** Stops the simulation, the faults and the server. */
  stop(): Promise<void>;
}

/**
 * Starts the embedded simulated cluster: the fake API server from `@rxkube/testing` on a free
 * port of 127.0.0.1, populated by a {@link ClusterSimulation} that keeps changing it, and a
 * {@link FaultSchedule} that now and then breaks the watches.
 *
 * @param options - seed, size, pace, faults
 * @returns the running cluster
 */
export async function startSimulatedCluster(
  options: SimulatedClusterOptions = {},
): Promise<SimulatedCluster> {
  // Bookmarks every 5 s keep idle watches visibly alive; a generous history lets a watcher
  // that fell behind catch up without relisting, except when a fault compacts it on purpose.
  let offsetMs = 0;
  const server = await FakeApiServer.start({
    bookmarkIntervalMs: 5_000,
    historyLimit: 50_000,
    seed: options.seed ?? 1,
    // Creation timestamps come from this clock: populating moves it back so pods have ages.
    now: () => new Date(Date.now() - offsetMs),
  });
  const simulation = new ClusterSimulation(server, {
    seed: options.seed ?? 1,
    scale: options.scale,
    backdate: (ms) => (offsetMs = ms),
  });
  simulation.populate();
  const tickMs = options.tickMs ?? 400;
  if (tickMs > 0) simulation.start(tickMs);
  const faults = new FaultSchedule(server, options.faultIntervalMs ?? 30_000, () =>
    simulation.tryTick(),
  );
  faults.start();
  return {
    server,
    simulation,
    faults,
    kubeConfig: server.kubeConfig(),
    async stop() {
      faults.stop();
      simulation.stop();
      await server.stop();
    },
  };
}
