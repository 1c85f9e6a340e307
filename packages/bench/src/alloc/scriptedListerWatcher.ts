import { Observable, of, type Subscriber } from 'rxjs';
import type { ListRequestOptions, ListPage, ListerWatcher, WatchEvent } from '@rxkube/informer';

/**
 * A `ListerWatcher` that answers every list from a fixed set of objects (in pages of the
 * requested size) and whose watch carries only what the script pushes with
 * {@link ScriptedListerWatcher.deliver}: event lines, parsed here as a client parses them off
 * the wire. Built on the public `ListerWatcher` interface alone, so it drives any version of
 * the informer.
 *
 * @typeParam T - the object type
 */
export class ScriptedListerWatcher<T> implements ListerWatcher<T> {
  readonly description = 'scripted pods';
  private watcher: Subscriber<WatchEvent<T>> | undefined;
  /** How many watches were opened (one, unless the informer relisted). */
  watches = 0;

  /**
   * @param items - what every list returns
   * @param resourceVersion - the lists' version
   */
  constructor(
    private readonly items: readonly T[],
    private readonly resourceVersion: string,
  ) {}

  /**
   * @param options - the page's limit and continue token
   * @returns one page
   */
  list(options: ListRequestOptions): Observable<ListPage<T>> {
    const start = Number(options.continue ?? 0);
    const end = options.limit
      ? Math.min(start + options.limit, this.items.length)
      : this.items.length;
    return of({
      items: this.items.slice(start, end),
      resourceVersion: this.resourceVersion,
      continue: end < this.items.length ? String(end) : undefined,
    });
  }

  /** @returns the watch: open until unsubscribed, carrying the delivered events */
  watch(): Observable<WatchEvent<T>> {
    return new Observable<WatchEvent<T>>((subscriber) => {
      this.watches += 1;
      this.watcher = subscriber;
      return () => {
        if (this.watcher === subscriber) this.watcher = undefined;
      };
    });
  }

  /** @returns whether a watch is open */
  watching(): boolean {
    return this.watcher !== undefined;
  }

  /**
   * Parses each line (one watch event in the API server's JSON) and emits it on the watch.
   *
   * @param lines - the events
   * @throws `Error` if no watch is open
   */
  deliver(lines: readonly string[]): void {
    const watcher = this.watcher;
    if (watcher === undefined) throw new Error('no watch is open');
    for (const line of lines) watcher.next(JSON.parse(line) as WatchEvent<T>);
  }
}
