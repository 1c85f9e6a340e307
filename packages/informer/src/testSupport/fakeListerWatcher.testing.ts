import { Observable, Subject } from 'rxjs';
import type {
  ListRequestOptions,
  ListPage,
  ListerWatcher,
  WatchEvent,
  WatchRequestOptions,
} from '../listerWatcher.js';

/** One request made to a {@link FakeListerWatcher}, answered by the test through `subject`. */
export interface FakeRequest<O, V> {
  readonly options: O;
  readonly subject: Subject<V>;
  /** False once the caller unsubscribed (the request was aborted) or it completed. */
  active: boolean;
}

/** A scriptable ListerWatcher: every request waits for the test to answer it. */
export class FakeListerWatcher<T> implements ListerWatcher<T> {
  readonly description = 'fakes';
  readonly lists: FakeRequest<ListRequestOptions, ListPage<T>>[] = [];
  readonly watches: FakeRequest<WatchRequestOptions, WatchEvent<T>>[] = [];

  constructor(readonly pageSize?: number) {}

  list(options: ListRequestOptions): Observable<ListPage<T>> {
    return record(this.lists, options);
  }

  watch(options: WatchRequestOptions): Observable<WatchEvent<T>> {
    return record(this.watches, options);
  }

  lastList(): FakeRequest<ListRequestOptions, ListPage<T>> {
    const last = this.lists[this.lists.length - 1];
    if (last === undefined) throw new Error('no list yet');
    return last;
  }

  lastWatch(): FakeRequest<WatchRequestOptions, WatchEvent<T>> {
    const last = this.watches[this.watches.length - 1];
    if (last === undefined) throw new Error('no watch yet');
    return last;
  }

  /** Answers the pending list with one page and completes it. */
  respondList(items: T[], resourceVersion: string, continueToken?: string): void {
    const request = this.lastList();
    request.subject.next({ items, resourceVersion, continue: continueToken });
    request.subject.complete();
  }

  /** Sends an event on the open watch. */
  emit(event: WatchEvent<T>): void {
    this.lastWatch().subject.next(event);
  }
}

function record<O, V>(requests: FakeRequest<O, V>[], options: O): Observable<V> {
  return new Observable<V>((subscriber) => {
    const request: FakeRequest<O, V> = { options, subject: new Subject<V>(), active: true };
    requests.push(request);
    const inner = request.subject.subscribe({
      next: (value) => subscriber.next(value),
      error: (err: unknown) => {
        request.active = false;
        subscriber.error(err);
      },
      complete: () => {
        request.active = false;
        subscriber.complete();
      },
    });
    return () => {
      request.active = false;
      inner.unsubscribe();
    };
  });
}
