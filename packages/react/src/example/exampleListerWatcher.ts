import {
  collectionPath,
  type ListPage,
  type ListerWatcher,
  type ResourceRef,
  type WatchEvent,
} from '@rxkube/informer';
import type { KubeObject } from '@rxkube/store';
import { Observable } from 'rxjs';

/**
 * The example page's lister-watcher: list and watch through the page's own origin with `fetch`
 * and a `ReadableStream`, one JSON event per line. Only what the example needs: no idle
 * detection and untyped errors (the informer reports them as internal errors and retries).
 * Applications use `@rxkube/informer`'s browser lister-watcher instead, which has them.
 *
 * @param baseUrl - where the API is served on the page's origin, e.g. `/k8s`
 * @param resource - what to list and watch
 * @returns the lister-watcher
 */
export function exampleListerWatcher(
  baseUrl: string,
  resource: ResourceRef,
): ListerWatcher<KubeObject> {
  const path = `${baseUrl}${collectionPath(resource)}`;
  const url = (query: Record<string, unknown>): string => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined && value !== '') params.set(name, String(value));
    }
    return `${path}?${params}`;
  };
  return {
    description: path,
    list: (options) =>
      request(url({ ...options }), async (response) => {
        const list = (await response.json()) as {
          items: KubeObject[];
          metadata: { resourceVersion: string; continue?: string };
        };
        return [
          {
            items: list.items,
            resourceVersion: list.metadata.resourceVersion,
            continue: list.metadata.continue,
          } satisfies ListPage<KubeObject>,
        ];
      }),
    watch: (options) =>
      new Observable<WatchEvent<KubeObject>>((subscriber) => {
        const abort = new AbortController();
        void (async () => {
          const response = await fetch(url({ ...options, watch: 1 }), { signal: abort.signal });
          if (!response.ok || response.body === null)
            throw new Error(`watch ${path}: ${response.status}`);
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffered = '';
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            buffered += value;
            const lines = buffered.split('\n');
            buffered = lines.pop() ?? '';
            for (const line of lines) {
              if (line.trim() !== '') subscriber.next(JSON.parse(line) as WatchEvent<KubeObject>);
            }
          }
          subscriber.complete();
        })().catch((error: unknown) => {
          if (!abort.signal.aborted) subscriber.error(error);
        });
        return () => abort.abort();
      }),
  };
}

/** One GET whose answer `read` turns into values; unsubscribing aborts it. */
function request<V>(url: string, read: (response: Response) => Promise<V[]>): Observable<V> {
  return new Observable<V>((subscriber) => {
    const abort = new AbortController();
    fetch(url, { signal: abort.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
        for (const value of await read(response)) subscriber.next(value);
        subscriber.complete();
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) subscriber.error(error);
      });
    return () => abort.abort();
  });
}
