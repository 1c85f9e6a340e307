import type { ListPage, ListerWatcher, WatchEvent } from '@rxkube/informer';
import { Observable, type Subscriber } from 'rxjs';

/** The test's object type: a pod with only what the tests read. */
export interface TestPod {
  readonly metadata: { name: string; namespace: string; resourceVersion?: string; uid?: string };
  readonly status?: { phase?: string };
}

/** A pod in a namespace, in a phase. */
export function testPod(namespace: string, name: string, phase = 'Running'): TestPod {
  return { metadata: { name, namespace, uid: `${namespace}/${name}` }, status: { phase } };
}

/**
 * One resource of a scripted cluster: lists answer at once with the current objects, and every
 * change the test makes goes to the open watches as an event, with a new resource version.
 * Counts what tests check: lister-watchers made, lists served, watches open.
 */
export class ScriptedResource {
  /** Lister-watchers handed out by {@link ScriptedResource.listerWatcher}. */
  listerWatchers = 0;
  /** Lists served. */
  lists = 0;
  private readonly objects = new Map<string, TestPod>();
  private readonly watchers = new Set<Subscriber<WatchEvent<TestPod>>>();
  private resourceVersion = 1;

  /** @param initial - the objects present before any list */
  constructor(initial: readonly TestPod[] = []) {
    for (const pod of initial) this.objects.set(keyOf(pod), this.stamp(pod));
  }

  /** @returns how many watches are open (not yet unsubscribed) */
  get openWatches(): number {
    return this.watchers.size;
  }

  /**
   * @param description - what the lister-watcher says it lists
   * @returns a new lister-watcher on this resource
   */
  listerWatcher(description = 'pods'): ListerWatcher<TestPod> {
    this.listerWatchers += 1;
    return {
      description,
      list: () =>
        new Observable<ListPage<TestPod>>((subscriber) => {
          this.lists += 1;
          subscriber.next({
            items: [...this.objects.values()],
            resourceVersion: String(this.resourceVersion),
          });
          subscriber.complete();
        }),
      watch: () =>
        new Observable<WatchEvent<TestPod>>((subscriber) => {
          this.watchers.add(subscriber);
          return () => this.watchers.delete(subscriber);
        }),
    };
  }

  /**
   * Creates or replaces a pod and tells the watches.
   *
   * @param pod - the pod
   */
  apply(pod: TestPod): void {
    const key = keyOf(pod);
    const type = this.objects.has(key) ? 'MODIFIED' : 'ADDED';
    const stamped = this.stamp(pod);
    this.objects.set(key, stamped);
    for (const watcher of this.watchers) watcher.next({ type, object: stamped });
  }

  /**
   * Deletes a pod and tells the watches.
   *
   * @param namespace - its namespace
   * @param name - its name
   */
  remove(namespace: string, name: string): void {
    const existing = this.objects.get(`${namespace}/${name}`);
    if (existing === undefined) return;
    this.objects.delete(`${namespace}/${name}`);
    const object = this.stamp(existing);
    for (const watcher of this.watchers) watcher.next({ type: 'DELETED', object });
  }

  /**
   * Fails every open watch, as a dropped connection would.
   *
   * @param error - what the watches fail with
   */
  failWatches(error: Error): void {
    for (const watcher of [...this.watchers]) watcher.error(error);
  }

  private stamp(pod: TestPod): TestPod {
    this.resourceVersion += 1;
    return { ...pod, metadata: { ...pod.metadata, resourceVersion: String(this.resourceVersion) } };
  }
}

function keyOf(pod: TestPod): string {
  return `${pod.metadata.namespace}/${pod.metadata.name}`;
}
