import { VirtualTimeScheduler } from 'rxjs';

/** A VirtualTimeScheduler that tests advance step by step. */
export class SteppingScheduler extends VirtualTimeScheduler {
  constructor() {
    super();
    this.maxFrames = 0;
  }

  /** Runs every action due within `ms` from now, then sets the clock to now + `ms`. */
  advance(ms: number): void {
    const target = this.frame + ms;
    this.maxFrames = target;
    this.flush();
    this.frame = target;
  }

  /** The number of actions still scheduled. */
  get scheduled(): number {
    return this.actions.filter((action) => !action.closed).length;
  }
}

/** Lets pending promise callbacks and microtasks run. */
export async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
}
