import { FifoInput } from '@rxkube/queue';
import { deletionHandlingMetaNamespaceKeyFunc, type KeyFunc } from '@rxkube/store';
import {
  Subscription,
  asyncScheduler,
  timer,
  type Observable,
  type SchedulerLike,
  type Subscriber,
} from 'rxjs';
import { Backoff } from './backoff.js';
import { idleTimeout } from './idleTimeout.js';
import { isRejectedRequest, retryAfterMs } from './errorPredicates.js';
import {
  ApiError,
  ConnectionError,
  DecodeError,
  InformerError,
  InternalError,
  VeryShortWatchError,
  WatchIdleError,
  WatchListError,
  WatchListInconsistencyError,
  type ErrorContext,
} from './errors.js';
import type { ListerWatcher, WatchEvent } from './listerWatcher.js';
import { listAll } from './pager.js';
import {
  initialContext,
  transition,
  veryShortWatchMs,
  type ReflectorContext,
  type ReflectorOutcome,
  type ReflectorStep,
} from './reflectorMachine.js';
import { ReflectorEvent } from './reflectorEvent.js';
import {
  initialEventsEndAnnotation,
  type ReflectorMonitor,
  type ReflectorOptions,
} from './reflectorOptions.js';
import { resourceVersionOf } from './resourceVersion.js';
import { decodeStatus } from './decodeStatus.js';
import { diffWatchList } from './watchListConsistency.js';

/**
 * One watch's progress.
 *
 * @typeParam T - the object type
 */
interface WatchState<T> {
  /** The watch's subscription (the current step's). */
  readonly current: Subscription;
  readonly startedAt: number;
  /** Events received so far (a watch that ends early without any is a failure). */
  events: number;
  /** Streaming list: objects collected until the initial-events-end bookmark. */
  initial: Map<unknown, T> | undefined;
  /** Whether event versions can be resumed from (see `watch`). */
  inVersionOrder: boolean;
}

/**
 * One subscription's worth of Reflector: executes the steps {@link transition} chooses and
 * feeds their outcomes back to it. All waiting goes through the scheduler; all requests are
 * Observables, so stopping is one unsubscription.
 *
 * @internal
 */
export class ReflectorRun<T> {
  private context: ReflectorContext;
  // The version of the last watch event, folded into `context` only when it is read: events
  // arrive by the thousand per second, and the context is read when a step ends.
  private watchedVersion: string | undefined;
  private current = new Subscription();
  private stopped = false;
  // Outcomes are handled one at a time even when a step completes synchronously (a fake
  // lister-watcher), so the stack never grows with the number of steps.
  private readonly pending: ReflectorOutcome[] = [];
  private dispatching = false;
  private readonly backoff: Backoff;
  private readonly scheduler: SchedulerLike;
  private readonly random: () => number;
  private readonly monitor: ReflectorMonitor;
  private readonly idleTimeoutMs: number;
  private readonly minWatchTimeoutMs: number;
  private readonly keyFunc: KeyFunc<unknown>;

  /**
   * @param lw - what to list and watch
   * @param options - timing, streaming, callbacks
   * @param output - where the Reflector's events go
   */
  constructor(
    private readonly lw: ListerWatcher<T>,
    private readonly options: ReflectorOptions,
    private readonly output: Subscriber<ReflectorEvent<T>>,
  ) {
    this.scheduler = options.scheduler ?? asyncScheduler;
    this.random = options.random ?? Math.random;
    this.backoff = new Backoff(() => this.scheduler.now(), this.random, options.backoff);
    this.monitor = options.monitor ?? {};
    this.idleTimeoutMs =
      options.idleTimeoutMs ??
      (lw.idleBookmarkIntervals ?? 2.5) * (options.bookmarkIntervalMs ?? 60_000);
    this.minWatchTimeoutMs = options.minWatchTimeoutMs ?? 300_000;
    this.keyFunc = options.keyFunc ?? deletionHandlingMetaNamespaceKeyFunc;
    this.context = initialContext(options.streamingList ?? true, lw.pageSize);
  }

  /** Starts with the first list (or streaming list). */
  start(): void {
    this.dispatch({ type: 'start' });
  }

  /** Stops: aborts the current request or wait. Nothing is left scheduled. */
  stop(): void {
    this.stopped = true;
    this.current.unsubscribe();
  }

  private get errorContext(): ErrorContext {
    return {
      resource: this.lw.description,
      resourceVersion: this.settled().lastSyncResourceVersion,
    };
  }

  private dispatch(outcome: ReflectorOutcome): void {
    if (this.stopped) return;
    this.pending.push(outcome);
    if (this.dispatching) return;
    this.dispatching = true;
    try {
      for (let next = this.pending.shift(); next !== undefined; next = this.pending.shift()) {
        if (this.stopped) return;
        const result = transition(this.settled(), next);
        this.context = result.context;
        if (next.type === 'watchListFailed') this.reportWatchListFailure(next.error, result.step);
        if (result.veryShortWatchMs !== undefined) {
          this.report(new VeryShortWatchError(result.veryShortWatchMs, this.errorContext));
        }
        if (result.step !== undefined) this.perform(result.step);
      }
    } finally {
      this.dispatching = false;
    }
  }

  private perform(step: ReflectorStep): void {
    this.current.unsubscribe();
    const current = new Subscription();
    this.current = current;
    switch (step.type) {
      case 'backoff': {
        const delay = this.backoff.next(retryAfterMs(step.retryAfterFrom));
        this.monitor.backingOff?.(delay);
        current.add(timer(delay, this.scheduler).subscribe(() => this.perform(step.then)));
        return;
      }
      case 'list':
        return this.list(current, step.resourceVersion, step.limit);
      case 'watch':
        return this.watch(current, step.resourceVersion, false);
      case 'watchList':
        return this.watch(current, step.resourceVersion, true);
    }
  }

  private list(current: Subscription, resourceVersion: string, limit: number | undefined): void {
    this.monitor.listing?.(resourceVersion, limit);
    current.add(
      listAll(this.lw, { resourceVersion, limit }).subscribe({
        next: (result) => {
          this.monitor.listed?.(result.items.length, result.resourceVersion);
          this.emitList(result.items, result.resourceVersion);
          this.dispatch({
            type: 'listed',
            requestedResourceVersion: resourceVersion,
            resourceVersion: result.resourceVersion,
            paginated: result.paginated,
          });
        },
        error: (err: unknown) => {
          const error = this.typed(err);
          this.report(error);
          this.dispatch({ type: 'listFailed', error });
        },
      }),
    );
  }

  /** Emits a complete list as `listStart`, its items, `listDone`. */
  private emitList(items: Iterable<T>, resourceVersion: string): void {
    this.output.next(ReflectorEvent.listStart);
    for (const object of items) this.output.next(ReflectorEvent.listItem(object));
    this.output.next(ReflectorEvent.listDone(resourceVersion));
  }

  /** Opens a watch (or streaming list) and follows it until it ends or fails. */
  private watch(current: Subscription, resourceVersion: string, streaming: boolean): void {
    this.monitor.watching?.(resourceVersion, streaming);
    const state: WatchState<T> = {
      current,
      startedAt: this.scheduler.now(),
      events: 0,
      initial: streaming ? new Map() : undefined,
      // A plain watch from "" or "0" opens with the whole state as ADDED events in key order,
      // not in version order: resuming from one of their versions would replay changes older
      // than the cache. As in client-go, versions count once an event of another type arrives.
      inVersionOrder: streaming || (resourceVersion !== '' && resourceVersion !== '0'),
    };
    current.add(
      this.watchSource(resourceVersion, streaming).subscribe({
        next: (event) => {
          // A lister-watcher may hand over events of any shape: what they throw ends the watch
          // as a failure, never escapes the subscriber (RxJS would rethrow it asynchronously).
          try {
            this.watchEvent(state, event);
          } catch (err) {
            if (!state.current.closed) this.watchFailed(state, err);
          }
        },
        error: (err: unknown) => this.watchFailed(state, err),
        complete: () => this.watchCompleted(state),
      }),
    );
  }

  /** @returns the watch request, aborted when idle for longer than the idle timeout */
  private watchSource(resourceVersion: string, streaming: boolean): Observable<WatchEvent<T>> {
    const timeoutSeconds = Math.floor((this.minWatchTimeoutMs / 1000) * (this.random() + 1));
    const source = this.lw.watch({
      resourceVersion,
      timeoutSeconds,
      allowWatchBookmarks: true,
      ...(streaming ? { sendInitialEvents: true, resourceVersionMatch: 'NotOlderThan' } : {}),
    });
    if (this.idleTimeoutMs <= 0) return source;
    const idleMs = this.idleTimeoutMs;
    return source.pipe(
      idleTimeout(idleMs, this.scheduler, () => new WatchIdleError(idleMs, this.errorContext)),
    );
  }

  /** Handles one watch event: the hot path, run for every event of every watch. */
  private watchEvent(state: WatchState<T>, event: WatchEvent<T>): void {
    state.events++;
    this.monitor.event?.(event.type);
    if (event.type === 'ERROR') {
      this.watchFailed(state, this.watchErrorEvent(event.object));
      return;
    }
    if (state.initial !== undefined) {
      this.initialEvent(state, state.initial, event);
      return;
    }
    const resourceVersion = resourceVersionOf(event.object);
    switch (event.type) {
      case 'ADDED':
        this.output.next(FifoInput.add(event.object));
        break;
      case 'MODIFIED':
        this.output.next(FifoInput.update(event.object));
        break;
      case 'DELETED':
        this.output.next(FifoInput.delete(event.object));
        break;
      case 'BOOKMARK':
        if (resourceVersion !== undefined)
          this.output.next(ReflectorEvent.bookmark(resourceVersion));
        break;
    }
    if (event.type !== 'ADDED') state.inVersionOrder = true;
    if (state.inVersionOrder && resourceVersion !== undefined) {
      this.watchedVersion = resourceVersion;
    }
  }

  /**
   * @param object - an `ERROR` event's object: typed by the HTTP lister-watchers, but any
   *   lister-watcher may hand over anything
   * @returns the `ApiError` it stands for, or a `DecodeError` when it is not a valid Status
   */
  private watchErrorEvent(object: unknown): InformerError {
    const { status, problem } = decodeStatus(object);
    if (status === undefined) {
      return new DecodeError('watch', 'ERROR event', problem, this.errorContext);
    }
    const failure = { code: status.code ?? 500, status, verb: 'watch', source: 'event' } as const;
    return new ApiError(failure, this.errorContext);
  }

  /**
   * Streaming list: objects collect in `initial` until the bookmark that ends the initial
   * events, then go out as one list.
   */
  private initialEvent(
    state: WatchState<T>,
    initial: Map<unknown, T>,
    event: Exclude<WatchEvent<T>, { type: 'ERROR' }>,
  ): void {
    if (event.type !== 'BOOKMARK') {
      collectInitial(initial, event.type, event.object, this.keyFunc);
      return;
    }
    if (event.object.metadata?.annotations?.[initialEventsEndAnnotation] !== 'true') {
      // A server that serves streaming lists sends no bookmark before the annotated one (the
      // first bookmark of such a watch carries the annotation); an ordinary one means it
      // ignored `sendInitialEvents` and will never end the initial events. client-go waits
      // for the watch's timeout and streams again; a list now makes progress at once.
      this.watchFailed(state, new WatchListError(this.errorContext, 'unsupported'));
      return;
    }
    const resourceVersion = resourceVersionOf(event.object) ?? '';
    state.initial = undefined;
    this.monitor.listed?.(initial.size, resourceVersion);
    this.emitList(initial.values(), resourceVersion);
    if (this.options.checkWatchListConsistency) {
      this.checkConsistency(state.current, initial, resourceVersion);
    }
    this.dispatch({ type: 'initialEventsEnded', resourceVersion });
  }

  /**
   * client-go's watch-list consistency check: lists at exactly the streamed version and reports
   * any difference. It runs beside the watch (the stream goes on) and ends with it.
   */
  private checkConsistency(
    current: Subscription,
    streamed: Map<unknown, T>,
    resourceVersion: string,
  ): void {
    // `Exact` needs a real version: the server refuses it for "" and "0" (client-go skips too).
    if (resourceVersion === '' || resourceVersion === '0') return;
    current.add(
      listAll(this.lw, { resourceVersion, resourceVersionMatch: 'Exact' }).subscribe({
        next: (list) => {
          const diff = diffWatchList(streamed.values(), list.items, this.keyFunc);
          if (diff.missing.length + diff.unexpected.length + diff.differing.length > 0) {
            this.report(new WatchListInconsistencyError(resourceVersion, diff, this.errorContext));
          }
        },
        error: (err: unknown) => this.report(this.typed(err)),
      }),
    );
  }

  /**
   * The watch failed: stop it, report, and let the machine decide what comes next (a streaming
   * list's failure is reported once the machine has decided, see `reportWatchListFailure`).
   */
  private watchFailed(state: WatchState<T>, err: unknown): void {
    state.current.unsubscribe();
    this.watchEnded(state);
    const error = this.typed(err);
    const opened = !(
      error instanceof ConnectionError ||
      (error instanceof ApiError && error.source === 'response')
    );
    if (state.initial !== undefined) {
      this.dispatch({ type: 'watchListFailed', error, opened });
      return;
    }
    this.report(error);
    const durationMs = this.scheduler.now() - state.startedAt;
    this.dispatch({ type: 'watchFailed', error, opened, durationMs, events: state.events });
  }

  /**
   * The server ended the watch. A streaming list that ends before its bookmark failed: streamed
   * again, unless it was very short (client-go's `VeryShortWatchError` there falls back to a
   * list).
   */
  private watchCompleted(state: WatchState<T>): void {
    this.watchEnded(state);
    const durationMs = this.scheduler.now() - state.startedAt;
    if (state.initial !== undefined) {
      const error =
        durationMs < veryShortWatchMs && state.events === 0
          ? new VeryShortWatchError(durationMs, this.errorContext)
          : new WatchListError(this.errorContext);
      this.dispatch({ type: 'watchListFailed', error, opened: true });
      return;
    }
    this.dispatch({ type: 'watchEnded', durationMs, events: state.events });
  }

  private watchEnded(state: WatchState<T>): void {
    this.monitor.watchEnded?.(this.scheduler.now() - state.startedAt, state.events);
  }

  /**
   * A streaming list the server does not serve (its options refused with 422 or 400, or answered
   * by an ordinary or a very short watch) gives way to a paged list: client-go's quiet fallback,
   * expected of many servers, so it goes to the monitor. Anything else (401, 403, a 500, a dead
   * or broken stream) is a failure, whatever comes next.
   */
  private reportWatchListFailure(error: unknown, next: ReflectorStep | undefined): void {
    const typed = this.typed(error);
    const notServed =
      isRejectedRequest(typed) ||
      (typed instanceof WatchListError && typed.failure === 'unsupported') ||
      typed instanceof VeryShortWatchError;
    if (next?.type === 'list' && notServed) this.monitor.fallingBackToList?.(typed);
    else this.report(typed);
  }

  private typed(err: unknown): InformerError {
    return err instanceof InformerError ? err : new InternalError(this.errorContext, err);
  }

  private report(error: InformerError): void {
    try {
      this.options.onError?.(error);
    } catch {
      // A failing error callback must not stop the Reflector.
    }
  }

  /** @returns the last resource version the Reflector has seen */
  lastSyncResourceVersion(): string {
    return this.settled().lastSyncResourceVersion;
  }

  /** @returns the context, with the last watch event's version folded in */
  private settled(): ReflectorContext {
    if (this.watchedVersion !== undefined) {
      this.context = { ...this.context, lastSyncResourceVersion: this.watchedVersion };
      this.watchedVersion = undefined;
    }
    return this.context;
  }
}

function collectInitial<T>(
  initial: Map<unknown, T>,
  type: 'ADDED' | 'MODIFIED' | 'DELETED',
  object: T,
  keyFunc: KeyFunc<unknown>,
): void {
  let key: unknown;
  try {
    key = keyFunc(object);
  } catch {
    // Keyless objects pass through to the queue, which reports them.
    key = Symbol('keyless');
  }
  if (type === 'DELETED') initial.delete(key);
  else initial.set(key, object);
}
