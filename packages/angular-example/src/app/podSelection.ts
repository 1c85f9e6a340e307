import { Injectable, signal } from '@angular/core';

/** The pod whose details the page shows, by `namespace/name` (the informer's key). */
@Injectable({ providedIn: 'root' })
export class PodSelection {
  private readonly selected = signal<string | undefined>(undefined);

  /** The selected pod's key, `undefined` when none is. */
  readonly key = this.selected.asReadonly();

  /**
   * Selects a pod.
   *
   * @param key - its `namespace/name`
   */
  select(key: string): void {
    this.selected.set(key);
  }
}
