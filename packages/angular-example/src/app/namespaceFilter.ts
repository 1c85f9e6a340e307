import { Injectable, signal } from '@angular/core';

/** The query parameter that holds the filter, so that a filtered view can be bookmarked. */
const parameter = 'namespace';

/**
 * The namespace the page shows (`''`: all of them), kept in the page's URL (`?namespace=shop`):
 * read once at start, written with `history.replaceState` on each change (no navigation, no
 * history entry per click).
 */
@Injectable({ providedIn: 'root' })
export class NamespaceFilter {
  private readonly selected = signal(new URLSearchParams(location.search).get(parameter) ?? '');

  /** The namespace shown, `''` for all. */
  readonly namespace = this.selected.asReadonly();

  /**
   * Shows one namespace, or all of them.
   *
   * @param namespace - the namespace, `''` for all
   */
  show(namespace: string): void {
    this.selected.set(namespace);
    const url = new URL(location.href);
    if (namespace === '') url.searchParams.delete(parameter);
    else url.searchParams.set(parameter, namespace);
    history.replaceState(history.state, '', url);
  }
}
