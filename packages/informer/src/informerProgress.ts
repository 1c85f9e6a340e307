import { BehaviorSubject } from 'rxjs';
import type { IndexerEvent } from './applyToIndexer.js';
import { ObjectError, type ErrorContext } from './errors.js';
import type { ObjectFailure } from './objectFailure.js';
import type { InformerTelemetry } from './informerTelemetry.js';
import type { ReflectorInput } from './listsToReplace.js';
import { resourceVersionOf } from './resourceVersion.js';

/**
 * What an informer knows of its own progress, read off its pipeline as values pass: the last
 * resource version the Reflector reached, the queue's depth, whether the initial list has been
 * processed; failures carried by the stream go to the telemetry.
 *
 * @internal
 */
export class InformerProgress {
  /** The version of the last list, watch event or bookmark (client-go's `LastSyncResourceVersion`). */
  lastResourceVersion = '';
  /** How many keys wait in the queue. */
  fifoDepth = 0;
  /** `false` until the initial list has been processed, then `true`. */
  readonly synced = new BehaviorSubject(false);

  /**
   * @param telemetry - where failures carried by the stream are reported
   * @param errorContext - the informer's context for those failures
   */
  constructor(
    private readonly telemetry: InformerTelemetry,
    private readonly errorContext: () => ErrorContext,
  ) {}

  /** The queue was dropped (a restart of the pipeline, or the stop): nothing waits in it. */
  resetDepth(): void {
    this.fifoDepth = 0;
    this.telemetry.series.queuedItems.set(0);
  }

  /** Remembers the version of every list, watch event and bookmark, as it arrives. */
  arrived(input: ReflectorInput<unknown>): void {
    const version =
      input.type === 'bookmark' || input.type === 'replace'
        ? input.resourceVersion
        : resourceVersionOf(input.object);
    if (version !== undefined) {
      this.lastResourceVersion = version;
      this.telemetry.series.resourceVersion(version);
    }
  }

  /** Reads depth, sync and failures off the pipeline. */
  observe(event: ReflectorInput<unknown> | ObjectFailure | IndexerEvent<unknown, unknown>): void {
    switch (event.type) {
      case 'depth':
        this.fifoDepth = event.depth;
        this.telemetry.series.queuedItems.set(event.depth);
        return;
      case 'synced':
        this.telemetry.signal({ type: 'synced' });
        this.synced.next(true);
        return;
      case 'objectError':
        this.telemetry.report(event.error);
        return;
      case 'skipped':
        this.telemetry.report(
          new ObjectError(event.error.obj, 'key', this.errorContext(), event.error),
        );
        return;
    }
  }
}
