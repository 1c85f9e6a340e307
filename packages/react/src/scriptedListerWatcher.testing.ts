import type { ListPage, ListerWatcher, WatchEvent } from '@rxkube/informer';
import type { KubeObject } from '@rxkube/store';
import { Observable, Subject, of, throwError } from 'rxjs';

/** A test pod: just what keys, indices and a table need. */
export interface TestPod extends KubeObject {
  metadata: { name: string; namespace: string; resourceVersion: string };
  status?: { phase?: string };
}

/**
 * A lister-watcher over an in-memory collection that the test changes: a list answers at once
 * with the current objects, each change goes to every open watch. It counts what the informer
 * asked for, so tests can assert on sharing and teardown.
 */
export class ScriptedListerWatcher implements ListerWatcher<KubeObject> {
  readonly description = 'scripted pods';
  /** List requests made. */
  lists = 0;
  /** Watches currently subscribed. */
  openWatches = 0;
  /** When set, lists fail with it (the informer reports it and retries). */
  listFailure: Error | undefined;
  private readonly objects = new Map<string, TestPod>();
  private readonly events = new Subject<WatchEvent<KubeObject>>();
  private version = 1;

  /**
   * Adds or replaces a pod (ADDED or MODIFIED on open watches).
   *
   * @param namespace - its namespace
   * @param name - its name
   * @param phase - its status phase
   * @returns the stored pod
   */
  put(namespace: string, name: string, phase = 'Running'): TestPod {
    const key = `${namespace}/${name}`;
    const type = this.objects.has(key) ? 'MODIFIED' : 'ADDED';
    const pod: TestPod = {
      metadata: { name, namespace, resourceVersion: String(++this.version) },
      status: { phase },
    };
    this.objects.set(key, pod);
    this.events.next({ type, object: pod });
    return pod;
  }

  /**
   * Deletes a pod (DELETED on open watches).
   *
   * @param namespace - its namespace
   * @param name - its name
   */
  remove(namespace: string, name: string): void {
    const pod = this.objects.get(`${namespace}/${name}`);
    if (pod === undefined) return;
    this.objects.delete(`${namespace}/${name}`);
    this.events.next({
      type: 'DELETED',
      object: { ...pod, metadata: { ...pod.metadata, resourceVersion: String(++this.version) } },
    });
  }

  /** Ends the open watches with a `410 Gone`, as after a compaction: the informer relists. */
  expire(): void {
    this.events.next({
      type: 'ERROR',
      object: { kind: 'Status', code: 410, reason: 'Expired', message: 'too old' },
    });
  }

  list(): Observable<ListPage<KubeObject>> {
    this.lists++;
    if (this.listFailure !== undefined) return throwError(() => this.listFailure);
    return of({ items: [...this.objects.values()], resourceVersion: String(this.version) });
  }

  watch(): Observable<WatchEvent<KubeObject>> {
    return new Observable((subscriber) => {
      this.openWatches++;
      const subscription = this.events.subscribe(subscriber);
      return () => {
        this.openWatches--;
        subscription.unsubscribe();
      };
    });
  }
}
