import type {
  FaultKind,
  InjectedErrorCode,
  FaultTarget,
  RandomStreamFaults,
  RequestFault,
  StreamFault,
  StreamFaultKind,
} from './faultKinds.js';
import { seededRandom } from './random.js';

interface Armed<T> {
  readonly fault: T;
  readonly verb: FaultTarget['verb'];
  readonly resource: string | undefined;
  remaining: number;
}

const allKinds: FaultKind[] = [
  'closeWatch',
  'resetConnection',
  'malformedLine',
  'stallWatch',
  'rawLine',
  'errorResponse',
  'rawResponse',
  'delayResponse',
  'compaction',
  'restart',
];

/**
 * Programmable, deterministic faults. Faults are armed by the test, consumed by the requests
 * they target (in the order they were armed), and counted when they actually happen, so tests
 * can assert that a fault fired.
 *
 * @example
 * ```ts
 * server.faults.failRequests({ code: 429, retryAfterSeconds: 1, verb: 'list' });
 * server.faults.closeWatchAfter(3);
 * // … drive a client …
 * expect(server.faults.count('errorResponse')).toBe(1);
 * ```
 */
export class FaultInjector {
  private readonly requestFaults: Array<Armed<RequestFault>> = [];
  private readonly streamFaults: Array<Armed<StreamFault>> = [];
  private readonly counters = new Map<FaultKind, number>();
  private random: () => number;
  private randomStream: Required<RandomStreamFaults> | undefined;

  /**
   * @param seed - seed of the random fault mode.
   */
  constructor(seed: number) {
    this.random = seededRandom(seed);
  }

  /**
   * Closes the next matching watch cleanly after it has sent `events` events.
   *
   * @param events - events to send first (0 closes right after the headers).
   * @param target - which watches; default the next one.
   */
  closeWatchAfter(events: number, target: FaultTarget = {}): void {
    this.armStream({ kind: 'closeWatch', afterEvents: events }, target);
  }

  /**
   * Resets the next matching watch's TCP connection in the middle of a line (the client sees
   * ECONNRESET or a truncated body) after `events` events.
   *
   * @param events - complete events to send first.
   * @param target - which watches.
   */
  resetWatchAfter(events: number, target: FaultTarget = {}): void {
    this.armStream({ kind: 'resetConnection', afterEvents: events }, target);
  }

  /**
   * Writes one line of invalid JSON into the next matching watch after `events` events, then
   * carries on.
   *
   * @param events - events to send first.
   * @param target - which watches.
   */
  malformedLineAfter(events: number, target: FaultTarget = {}): void {
    this.armStream({ kind: 'malformedLine', afterEvents: events }, target);
  }

  /**
   * Stalls the next matching watch after `events` events: nothing more is written (no events,
   * no bookmarks, no close at its deadline) until the client gives up or the server stops.
   *
   * @param events - events to send first.
   * @param target - which watches.
   */
  stallWatchAfter(events: number, target: FaultTarget = {}): void {
    this.armStream({ kind: 'stallWatch', afterEvents: events }, target);
  }

  /**
   * Writes `line` as it is (a newline added) into the next matching watch after `events`
   * events, then carries on: an event no real server sends, such as an `ERROR` whose Status has
   * fields of the wrong type.
   *
   * @param events - events to send first; the line goes out just before the next event.
   * @param line - the line, e.g. `{"type":"ERROR","object":{"kind":"Status","message":{}}}`.
   * @param target - which watches.
   */
  injectWatchLineAfter(events: number, line: string, target: FaultTarget = {}): void {
    this.armStream({ kind: 'rawLine', afterEvents: events, line }, target);
  }

  /**
   * Answers the next matching requests with `body` as it is, under the HTTP status `code` and
   * `Content-Type: application/json`, instead of serving them: an answer no real server sends,
   * such as a Status whose `message` is an object.
   *
   * @param options - status code, body and target.
   */
  answerRaw(options: { code: number; body: string } & FaultTarget): void {
    const { code, body, ...target } = options;
    this.armRequest({ kind: 'rawResponse', code, body }, target);
  }

  /**
   * Answers the next matching requests with an error Status instead of serving them.
   *
   * @param options - status code (429, 500, 503; 410 and 504 for a resourceVersion the server
   *   cannot serve; 400 and 403 for a refused request: see {@link InjectedErrorCode}), optional
   *   `Retry-After` seconds and target.
   */
  failRequests(
    options: { code: InjectedErrorCode; retryAfterSeconds?: number } & FaultTarget,
  ): void {
    const { code, retryAfterSeconds, ...target } = options;
    this.armRequest({ kind: 'errorResponse', code, retryAfterSeconds }, target);
  }

  /**
   * Delays the next matching requests before serving them.
   *
   * @param options - delay in milliseconds and target.
   */
  delayRequests(options: { ms: number } & FaultTarget): void {
    const { ms, ...target } = options;
    this.armRequest({ kind: 'delayResponse', ms }, target);
  }

  /**
   * Makes every watch event draw against `probability` (with the seeded generator) for a random
   * stream fault; `undefined` turns the random mode off.
   *
   * @param options - probability and kinds, or undefined.
   */
  randomWatchFaults(options: RandomStreamFaults | undefined): void {
    this.randomStream =
      options === undefined
        ? undefined
        : {
            probability: options.probability,
            kinds: options.kinds ?? ['closeWatch', 'resetConnection', 'malformedLine'],
          };
  }

  /**
   * Restarts the random generator from a seed, to replay a run.
   *
   * @param seed - the seed.
   */
  reseed(seed: number): void {
    this.random = seededRandom(seed);
  }

  /** Disarms every pending fault and the random mode (counters are kept). */
  clear(): void {
    this.requestFaults.length = 0;
    this.streamFaults.length = 0;
    this.randomStream = undefined;
  }

  /**
   * How many times a fault has happened.
   *
   * @param kind - the fault.
   * @returns its counter.
   */
  count(kind: FaultKind): number {
    return this.counters.get(kind) ?? 0;
  }

  /**
   * Every counter.
   *
   * @returns a fresh record of all fault counts.
   */
  counts(): Record<FaultKind, number> {
    return Object.fromEntries(allKinds.map((k) => [k, this.count(k)])) as Record<FaultKind, number>;
  }

  /**
   * Records that a fault happened. Used by the server's components.
   *
   * @param kind - the fault.
   */
  record(kind: FaultKind): void {
    this.counters.set(kind, this.count(kind) + 1);
  }

  /**
   * Takes the request fault, if any, for a request. Used by the request handler.
   *
   * @param verb - the request's verb.
   * @param resource - the resource plural.
   * @returns the fault to apply, or undefined.
   */
  takeRequestFault(verb: string, resource: string): RequestFault | undefined {
    return take(this.requestFaults, verb, resource, 'any');
  }

  /**
   * Takes the stream fault, if any, for a new watch. Used by the watch handler.
   *
   * @param resource - the watched resource plural.
   * @returns the fault to arm on the stream, or undefined.
   */
  takeStreamFault(resource: string): StreamFault | undefined {
    return take(this.streamFaults, 'watch', resource, 'watch');
  }

  /**
   * Draws a random stream fault for one event when the random mode is on.
   *
   * @returns the fault to apply now, or undefined.
   */
  drawRandomStreamFault(): StreamFaultKind | undefined {
    const mode = this.randomStream;
    if (mode === undefined || mode.kinds.length === 0) return undefined;
    if (this.random() >= mode.probability) return undefined;
    return mode.kinds[Math.floor(this.random() * mode.kinds.length)];
  }

  private armStream(fault: StreamFault, target: FaultTarget): void {
    this.streamFaults.push({
      fault,
      verb: 'watch',
      resource: target.resource,
      remaining: target.times ?? 1,
    });
  }

  private armRequest(fault: RequestFault, target: FaultTarget): void {
    this.requestFaults.push({
      fault,
      verb: target.verb ?? 'any',
      resource: target.resource,
      remaining: target.times ?? 1,
    });
  }
}

/** The verbs a `write` target covers. */
const writeVerbs = new Set(['create', 'update', 'patch', 'delete']);

function take<T>(
  armed: Array<Armed<T>>,
  verb: string,
  resource: string,
  fallback: string,
): T | undefined {
  const index = armed.findIndex(
    (a) =>
      ((a.verb ?? fallback) === 'any' ||
        a.verb === verb ||
        (a.verb === 'write' && writeVerbs.has(verb))) &&
      (a.resource === undefined || a.resource === resource),
  );
  const found = armed[index];
  if (found === undefined) return undefined;
  found.remaining -= 1;
  if (found.remaining <= 0) armed.splice(index, 1);
  return found.fault;
}
