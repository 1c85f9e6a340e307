import { BehaviorSubject, Subject, type Observable } from 'rxjs';
import type { FeedMessage } from '../dashboard/feedProtocol.js';

/** The state of the browser's link to the dashboard server. */
export interface LinkStatus {
  /** Connecting for the first time, receiving, or lost and retrying. */
  readonly state: 'connecting' | 'live' | 'down';
  /** Failed attempts since the link was last up. */
  readonly attempt: number;
}

/**
 * Follows one feed of the dashboard server over `EventSource`, resuming after every break from
 * the last event id applied: the browser's own reconnection sends it as `Last-Event-ID`, and
 * when the browser gives up (the server answered an error), a new `EventSource` passes it as
 * `?lastEventId=` after a backoff. The server then replays what was missed, or sends a new
 * snapshot when it cannot.
 */
export class FeedClient {
  private readonly messages = new Subject<FeedMessage>();
  private readonly link = new BehaviorSubject<LinkStatus>({ state: 'connecting', attempt: 0 });
  private source: EventSource | undefined;
  private lastEventId = '';
  private retry: ReturnType<typeof setTimeout> | undefined;

  /** @param url - the feed's URL, e.g. `/api/feeds/pods` */
  constructor(private readonly url: string) {}

  /** Every message, in order. */
  get messages$(): Observable<FeedMessage> {
    return this.messages.asObservable();
  }

  /** The link's state. */
  get link$(): Observable<LinkStatus> {
    return this.link.asObservable();
  }

  /** Opens the link. */
  open(): void {
    const query =
      this.lastEventId === '' ? '' : `?lastEventId=${encodeURIComponent(this.lastEventId)}`;
    const source = new EventSource(this.url + query);
    this.source = source;
    const receive = (type: FeedMessage['type']) => (event: MessageEvent<string>) => {
      const data = JSON.parse(event.data) as Record<string, unknown>;
      if (type !== 'status') this.lastEventId = event.lastEventId;
      this.messages.next({
        type,
        ...(type === 'status' ? {} : { id: event.lastEventId }),
        ...data,
      } as FeedMessage);
    };
    source.addEventListener('snapshot', receive('snapshot'));
    source.addEventListener('change', receive('change'));
    source.addEventListener('status', receive('status'));
    source.addEventListener('open', () => this.link.next({ state: 'live', attempt: 0 }));
    source.addEventListener('error', () => {
      const attempt = this.link.value.attempt + 1;
      this.link.next({
        state: this.link.value.state === 'connecting' ? 'connecting' : 'down',
        attempt,
      });
      if (source.readyState === EventSource.CLOSED) {
        // The browser gave up (an error status): retry ourselves, backing off to 10 s.
        source.close();
        this.retry = setTimeout(
          () => this.open(),
          Math.min(10_000, 500 * 2 ** Math.min(attempt, 5)),
        );
      }
    });
  }

  /** Closes the link for good. */
  close(): void {
    clearTimeout(this.retry);
    this.source?.close();
    this.messages.complete();
  }
}
