/**
 * Formats a moment as a wall-clock time of day, `HH:MM:SS` in the local time zone: how a status
 * line says since when its data is stale (`stale since 14:02:10`).
 *
 * @param ms - the moment, in ms since the epoch
 * @returns e.g. `14:02:10`
 */
export function formatClockTime(ms: number): string {
  const time = new Date(ms);
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${two(time.getHours())}:${two(time.getMinutes())}:${two(time.getSeconds())}`;
}

/**
 * The whole seconds left until a moment, never below zero: a countdown's figure
 * (`reconnecting in 12 s`).
 *
 * @param at - the moment, in ms since the epoch
 * @param now - the current time, in ms since the epoch
 * @returns the seconds left, rounded up
 */
export function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}
