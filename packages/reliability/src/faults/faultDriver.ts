import type { InformerError } from '@rxkube/informer';
import type { FakeApiServer, FaultKind } from '@rxkube/testing';
import type { FaultStep } from './faultPlan.js';

/** What the client side has shown so far, summed over the informers under test. */
export interface ClientObservation {
  /** How many reported errors match. */
  errors(match: (error: InformerError) => boolean): number;
  /** Lists plus watches started, per informer. */
  requests(): readonly number[];
}

/** How to tell that an injected fault happened and that the clients noticed it. */
interface FaultExpectation {
  /** The server-side counter moved: the fault really fired. */
  fired(): boolean;
  /** The clients reported it with the right error type (or recovered, for clean closes). */
  observed(): boolean;
  /** What `observed` waits for, for failure messages. */
  readonly awaiting: string;
  /** Requests per informer since the fault, for failure messages. */
  progress(): string;
}

/** Resource every fault targets. */
const resource = 'pods';

/**
 * Injects one fault into a running server and says what its clients must report. Stream faults
 * apply to the next watch, so they are armed and then every watch is closed, which makes each
 * client watch again.
 *
 * @param server - the server.
 * @param step - the fault.
 * @param client - the clients' errors and requests (undefined when they report no typed errors).
 * @returns once the fault is in place (a restart or compaction takes a moment).
 */
export async function injectFault(
  server: FakeApiServer,
  step: FaultStep,
  client: ClientObservation | undefined,
): Promise<FaultExpectation> {
  const counter = (kind: FaultKind): (() => number) => {
    const before = server.faults.count(kind);
    return () => server.faults.count(kind) - before;
  };
  const errorCount = (match: (e: InformerError) => boolean): (() => number) => {
    const before = client?.errors(match) ?? 0;
    return () => (client?.errors(match) ?? 0) - before;
  };
  const requestsBefore = client?.requests() ?? [];
  // Every informer has made at least `extra` requests since the fault.
  const everyoneRetried = (extra = 1): boolean =>
    client === undefined ||
    client.requests().every((n, i) => n - (requestsBefore[i] ?? 0) >= extra);
  const kindIs =
    (...kinds: InformerError['kind'][]) =>
    (e: InformerError): boolean =>
      kinds.includes(e.kind);
  const apiCode =
    (code: number, retryAfterSeconds?: number) =>
    (e: InformerError): boolean =>
      e.kind === 'api' &&
      (e as { code?: number }).code === code &&
      (retryAfterSeconds === undefined ||
        (e as { retryAfterSeconds?: number }).retryAfterSeconds === retryAfterSeconds);
  const expectation = (
    fired: () => boolean,
    observed: () => boolean,
    awaiting: string,
  ): FaultExpectation => ({
    fired,
    observed: () => client === undefined || observed(),
    awaiting,
    progress: () =>
      (client?.requests() ?? []).map((n, i) => n - (requestsBefore[i] ?? 0)).join('/'),
  });

  switch (step.type) {
    case 'closeWatches':
      server.closeWatches();
      return expectation(
        () => true,
        () => everyoneRetried(),
        'every informer to watch again',
      );
    case 'dropConnections': {
      server.dropConnections();
      return expectation(
        () => true,
        () => everyoneRetried(),
        'every informer to reconnect',
      );
    }
    case 'closeWatch': {
      const fired = counter('closeWatch');
      server.faults.closeWatchAfter(step.afterEvents, { resource });
      server.closeWatches();
      return expectation(
        () => fired() >= 1,
        () => everyoneRetried(),
        'every informer to watch again',
      );
    }
    case 'resetConnection':
    case 'malformedLine':
    case 'stallWatch': {
      const fired = counter(step.type);
      const arm = {
        resetConnection: () => server.faults.resetWatchAfter(step.afterEvents, { resource }),
        malformedLine: () => server.faults.malformedLineAfter(step.afterEvents, { resource }),
        stallWatch: () => server.faults.stallWatchAfter(step.afterEvents, { resource }),
      }[step.type];
      const kind = { resetConnection: 'stream', malformedLine: 'decode', stallWatch: 'idle' }[
        step.type
      ] as InformerError['kind'];
      const reported = errorCount(kindIs(kind));
      arm();
      server.closeWatches();
      return expectation(
        () => fired() >= 1,
        () => reported() >= fired(),
        `a ${kind} error for each ${step.type}`,
      );
    }
    case 'error500':
    case 'error503':
    case 'error429': {
      const code = step.type === 'error500' ? 500 : step.type === 'error503' ? 503 : 429;
      const retryAfterSeconds = code === 429 ? 1 : undefined;
      const fired = counter('errorResponse');
      const reported = errorCount(apiCode(code, retryAfterSeconds));
      server.faults.failRequests({ code, retryAfterSeconds, resource, times: step.times });
      server.closeWatches();
      return expectation(
        () => fired() >= step.times,
        () => reported() >= step.times,
        `${step.times} ApiError ${code}${code === 429 ? ' with Retry-After 1' : ''}`,
      );
    }
    case 'delay': {
      const fired = counter('delayResponse');
      server.faults.delayRequests({ ms: step.ms, resource, times: step.times });
      server.closeWatches();
      return expectation(
        () => fired() >= step.times,
        () => everyoneRetried(),
        'every informer to watch again',
      );
    }
    case 'compaction': {
      // Hold the informers' next watches back while the store moves on, compact, and let the
      // watches arrive with versions that are now too old: each must get a 410 and relist.
      const reported = errorCount(apiCode(410));
      const informers = Math.max(1, requestsBefore.length);
      server.faults.delayRequests({ ms: 300, verb: 'watch', resource, times: informers });
      server.closeWatches();
      await new Promise((resolve) => setTimeout(resolve, 120));
      const fired = counter('compaction');
      server.compact();
      return expectation(
        () => fired() >= 1,
        () => reported() >= 1,
        'an ApiError 410',
      );
    }
    case 'restart': {
      const fired = counter('restart');
      await server.restart(step.ms);
      return expectation(
        () => fired() >= 1,
        () => everyoneRetried(),
        'every informer to reconnect after the restart',
      );
    }
  }
}
