/**
 * Calls `handler` when the process receives one of `signals`, until the returned function is
 * called. While installed, the signals no longer end the process by themselves: the handler's
 * work (a manager's stop) decides, and the process exits once nothing is left running.
 *
 * @param signals - e.g. `['SIGTERM', 'SIGINT']`
 * @param handler - what to do, given the signal
 * @returns removes the handlers
 */
export function onSignals(
  signals: readonly NodeJS.Signals[],
  handler: (signal: NodeJS.Signals) => void,
): () => void {
  const listeners = signals.map((signal) => {
    const listener = () => handler(signal);
    process.on(signal, listener);
    return [signal, listener] as const;
  });
  return () => {
    for (const [signal, listener] of listeners) process.off(signal, listener);
  };
}
