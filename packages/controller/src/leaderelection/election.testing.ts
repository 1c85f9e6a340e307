import type { LeaseApiError } from './errors.js';
import { ElectionMonitor } from './electionMonitor.testing.js';
import type { LeaderElectionOptions } from './leaderElectionOptions.js';
import { LeaderElector } from './leaderElector.js';
import type { LeadershipLoss } from './leadershipState.js';
import type { MemoryLeaseClient } from './memoryLeases.testing.js';
import { MemoryLeaseStore } from './memoryLeases.testing.js';
import { VirtualClock } from '@rxkube/devkit';

/** The Lease every test election uses. */
export const lock = { namespace: 'ops', name: 'operator' };

/** One candidate and what it reported. */
export interface Candidate {
  readonly elector: LeaderElector;
  readonly client: MemoryLeaseClient;
  readonly losses: LeadershipLoss[];
  readonly errors: LeaseApiError[];
  /** Virtual times at which it started and stopped leading. */
  readonly terms: Array<{ start: number; end?: number }>;
}

/**
 * Candidates racing for one in-memory Lease in virtual time, with client-go's default timing
 * unless told otherwise, and a monitor that flags two simultaneous leaders.
 */
export class Election {
  readonly clock = new VirtualClock();
  readonly store = new MemoryLeaseStore(this.clock);
  readonly monitor = new ElectionMonitor([]);
  private readonly candidates = new Map<string, Candidate>();

  add(identity: string, options: Partial<LeaderElectionOptions> = {}, latency = 0): Candidate {
    const client = this.store.client(identity, latency);
    const elector = new LeaderElector(client, {
      lock,
      identity,
      scheduler: this.clock,
      ...options,
    });
    const candidate: Candidate = { elector, client, losses: [], errors: [], terms: [] };
    elector.stoppedLeading$.subscribe((loss) => {
      candidate.losses.push(loss);
      const term = candidate.terms.at(-1);
      if (term) term.end = this.clock.now();
    });
    elector.startedLeading$.subscribe(() => candidate.terms.push({ start: this.clock.now() }));
    elector.errors$.subscribe((error) => candidate.errors.push(error));
    this.monitor.watch(elector);
    this.candidates.set(identity, candidate);
    return candidate;
  }

  get(identity: string): Candidate {
    const candidate = this.candidates.get(identity);
    if (candidate === undefined) throw new Error(`no candidate ${identity}`);
    return candidate;
  }

  /** The holder the stored Lease names now. */
  holder(): string | undefined {
    return this.store.get(lock.namespace, lock.name)?.spec?.holderIdentity;
  }

  /** The candidates that believe they lead. */
  leaders(): string[] {
    return this.monitor.leaders();
  }

  /** Stops every candidate (releasing as configured) and lets the releases finish. */
  async stopAll(): Promise<void> {
    let done = false;
    const stopped = Promise.all([...this.candidates.values()].map((c) => c.elector.stop()));
    void stopped.then(() => (done = true));
    // A release waits for requests in flight for up to renewDeadline of virtual time.
    await this.clock.until(() => done, 60_000, 1_000);
    // Requests sent before the stop still cross the (virtual) network; let them land.
    await this.clock.advanceAsync(60_000);
    this.monitor.close();
  }
}
