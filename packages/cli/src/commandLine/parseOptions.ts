import { InvalidArgumentError } from 'commander';

/**
 * Parses a duration as kubectl's flags take it: `500ms`, `30s`, `2m`, `1h`, or a number of
 * seconds. Used by commander for `--connect-timeout`.
 *
 * @param value - the text given
 * @returns milliseconds
 * @throws InvalidArgumentError for anything else (commander reports it as a usage error)
 */
export function parseDuration(value: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(value.trim());
  if (match === null)
    throw new InvalidArgumentError('expected a duration such as 30s, 2m or 500ms');
  const amount = Number(match[1]);
  const unit = match[2] ?? 's';
  const factor = unit === 'ms' ? 1 : unit === 's' ? 1000 : unit === 'm' ? 60_000 : 3_600_000;
  return Math.round(amount * factor);
}

/**
 * Parses a TCP port (0 for any free one).
 *
 * @param value - the text given
 * @returns the port
 * @throws InvalidArgumentError when it is not an integer from 0 to 65535
 */
export function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new InvalidArgumentError('expected a port number from 0 to 65535');
  }
  return port;
}

/**
 * Parses a non-negative number.
 *
 * @param value - the text given
 * @returns the number
 * @throws InvalidArgumentError when it is not one
 */
export function parseNonNegative(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError('expected a number ≥ 0');
  return n;
}

/**
 * Parses a count of at least 1 (a limit such as `--max-open-requests`).
 *
 * @param value - the text given
 * @returns the count
 * @throws InvalidArgumentError when it is not an integer ≥ 1
 */
export function parsePositiveInteger(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected an integer ≥ 1');
  return n;
}
