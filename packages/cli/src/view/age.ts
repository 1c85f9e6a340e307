/**
 * Formats an object's age the way kubectl does: the two most significant units, e.g. `42s`,
 * `5m12s`, `3h4m`, `12d`.
 *
 * @param creationTimestamp - `metadata.creationTimestamp` (ISO string); empty or absent gives `<unknown>`
 * @param now - the current time in ms since the epoch
 * @returns the age
 */
export function formatAge(creationTimestamp: string | undefined, now: number): string {
  if (creationTimestamp === undefined || creationTimestamp === '') return '<unknown>';
  const created = Date.parse(creationTimestamp);
  if (Number.isNaN(created)) return '<unknown>';
  return formatDuration(Math.max(0, now - created));
}

/**
 * Formats a duration with at most two units, kubectl's `HumanDuration` style.
 *
 * @param ms - the duration in milliseconds
 * @returns e.g. `9s`, `2m5s`, `3h`, `4d2h`
 */
export function formatDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 10) return seconds % 60 === 0 ? `${minutes}m` : `${minutes}m${seconds % 60}s`;
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 8) return minutes % 60 === 0 ? `${hours}h` : `${hours}h${minutes % 60}m`;
  if (hours < 48) return `${hours}h`;
  const days = Math.floor(hours / 24);
  if (days < 8) return hours % 24 === 0 ? `${days}d` : `${days}d${hours % 24}h`;
  return `${days}d`;
}
