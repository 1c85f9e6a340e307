/**
 * Text arriving in chunks (a process's output, an HTTP stream), and a way to wait until it says
 * something: tests synchronise on what was received, never on a guessed delay.
 */
export class RecordedText {
  text = '';
  private readonly waiters = new Set<() => void>();
  private ended: string | undefined;

  /** @param chunk - text received */
  append(chunk: string): void {
    this.text += chunk;
    for (const waiter of [...this.waiters]) waiter();
  }

  /** @param why - e.g. `the process exited`: no more text will come */
  end(why: string): void {
    this.ended ??= why;
    for (const waiter of [...this.waiters]) waiter();
  }

  /**
   * Waits until the text satisfies a condition.
   *
   * @param condition - checked now and after every chunk
   * @param what - for the error when the text ends or a minute passes first
   */
  async waitFor(condition: (text: string) => boolean, what: string): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => finish('60 s passed'), 60_000);
      const check = (): void => {
        if (condition(this.text)) finish();
        else if (this.ended !== undefined) finish(this.ended);
      };
      const finish = (failure?: string): void => {
        clearTimeout(timer);
        this.waiters.delete(check);
        if (failure === undefined) resolve();
        else
          reject(new Error(`${failure} before ${what}\n--- received\n${this.text.slice(-4_000)}`));
      };
      this.waiters.add(check);
      check();
    });
  }
}
