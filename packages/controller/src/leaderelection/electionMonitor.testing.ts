import type { Subscription } from 'rxjs';
import type { LeaderElector } from './leaderElector.js';
import type { LeadershipState } from './leadershipState.js';

/**
 * Watches several candidates and checks, at every state change any of them reports, that at
 * most one believes it leads. Also keeps each candidate's latest state and the order in which
 * candidates became leader.
 */
export class ElectionMonitor {
  readonly violations: string[] = [];
  readonly elected: string[] = [];
  private readonly states = new Map<string, LeadershipState>();
  private readonly subscriptions: Subscription[] = [];

  constructor(
    electors: readonly LeaderElector[],
    private readonly check: (leader: string) => string | undefined = () => undefined,
  ) {
    for (const elector of electors) this.watch(elector);
  }

  watch(elector: LeaderElector): void {
    this.subscriptions.push(
      elector.leadership$.subscribe({
        next: (state) => {
          const before = this.states.get(state.identity);
          this.states.set(state.identity, state);
          if (state.isLeader && !before?.isLeader) {
            this.elected.push(state.identity);
            const problem = this.check(state.identity);
            if (problem !== undefined) this.violations.push(problem);
          }
          const leaders = this.leaders();
          if (leaders.length > 1) this.violations.push(`two leaders: ${leaders.join(', ')}`);
        },
        error: () => undefined,
      }),
    );
  }

  /** The candidates that believe they lead now. */
  leaders(): string[] {
    return [...this.states.values()].filter((s) => s.isLeader).map((s) => s.identity);
  }

  /** The last state a candidate reported. */
  state(identity: string): LeadershipState | undefined {
    return this.states.get(identity);
  }

  close(): void {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
  }
}
