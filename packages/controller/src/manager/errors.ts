/** A manager option that cannot work (see `manager()`). */
export class ManagerConfigError extends Error {
  /**
   * @param option - the option at fault
   * @param message - what is wrong
   * @param options - the underlying error, if any
   */
  constructor(
    readonly option: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(`${option}: ${message}`, options);
    this.name = 'ManagerConfigError';
  }
}

/** A manager asked to do what its state does not allow: starting once stopped, say. */
export class ManagerStateError extends Error {
  /**
   * @param state - the manager's state
   * @param message - what was refused
   */
  constructor(
    readonly state: string,
    message: string,
  ) {
    super(message);
    this.name = 'ManagerStateError';
  }
}
