import { pollUntil } from '@rxkube/devkit';
import { activeResources, EscapeWatch, leakedResources } from '../scenario/processHealth.js';

/**
 * Process-wide checks around a whole run: unhandled rejections and uncaught exceptions while it
 * runs, and handles left open after it.
 */
export class ProcessCheck {
  private readonly baseline = activeResources();
  private readonly escapes = new EscapeWatch();

  /** Takes the baseline and starts watching for escapes. */
  constructor() {
    this.escapes.install();
  }

  /**
   * Stops watching and compares the handles with the baseline (waiting a little for sockets
   * to finish closing).
   *
   * @returns the problems found; empty when clean.
   */
  async finish(): Promise<string[]> {
    this.escapes.uninstall();
    let leaked: string[] = [];
    await pollUntil(
      () => (leaked = leakedResources(this.baseline, activeResources())).length === 0,
      { timeoutMs: 3_000, pollMs: 10 },
    );
    return [
      ...this.escapes.escaped,
      ...(leaked.length > 0 ? [`handles left after the run: ${leaked.join(', ')}`] : []),
    ];
  }
}
