const ignore = (): void => undefined;

/**
 * Runs tasks so that two tasks with the same key never overlap: a task waits for the previous
 * task of its key to settle. The work queue already guarantees this within one run of a
 * controller; this covers a reconcile that outlives its run (a promise cannot be cancelled)
 * while the next run, e.g. after leadership came back, reaches the same key.
 *
 * @internal
 */
export class KeyedExclusion {
  private readonly running = new Map<string, Promise<void>>();

  /** @returns how many keys have a task running or waiting */
  get size(): number {
    return this.running.size;
  }

  /**
   * @typeParam R - what the task resolves with
   * @param key - the key
   * @param task - started once the previous task of `key` has settled (at once if none)
   * @returns the task's promise
   */
  run<R>(key: string, task: () => Promise<R>): Promise<R> {
    const previous = this.running.get(key);
    const result = previous === undefined ? task() : previous.then(task);
    const settled = result.then(ignore, ignore);
    this.running.set(key, settled);
    void settled.then(() => {
      if (this.running.get(key) === settled) this.running.delete(key);
    });
    return result;
  }

  /** @returns a promise resolved once no task is running or waiting */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }
}
