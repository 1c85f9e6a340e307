import { ChangeDetectionStrategy, Component, computed, inject } from '@angular/core';
import { injectInformer } from '@rxkube/angular';
import type { Namespace, Pod } from './kubeTypes.js';
import { NamespaceFilter } from './namespaceFilter.js';
import { namespacesResource, ownedIndexers, podsResource } from './resources.js';

/** One entry of the namespace list. */
interface NamespaceEntry {
  readonly name: string;
  readonly pods: number;
}

/** The cluster's namespaces with their pod counts; a click shows one namespace. */
@Component({
  selector: 'namespace-list',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h2>Namespaces</h2>
    <ul id="namespaces">
      <li>
        <button
          type="button"
          data-namespace=""
          [attr.data-count]="total()"
          [attr.aria-pressed]="filter.namespace() === ''"
          (click)="filter.show('')"
        >
          all <span class="count">{{ total() }}</span>
        </button>
      </li>
      @for (entry of entries(); track entry.name) {
        <li>
          <button
            type="button"
            [attr.data-namespace]="entry.name"
            [attr.data-count]="entry.pods"
            [attr.aria-pressed]="filter.namespace() === entry.name"
            (click)="filter.show(entry.name)"
          >
            {{ entry.name }} <span class="count">{{ entry.pods }}</span>
          </button>
        </li>
      }
    </ul>
  `,
})
export class NamespaceList {
  protected readonly filter = inject(NamespaceFilter);
  private readonly namespaces = injectInformer<Namespace>(namespacesResource).listSignal();
  private readonly pods = injectInformer<Pod>(podsResource, {
    indexers: ownedIndexers,
  }).listSignal();

  protected readonly total = computed(() => this.pods().length);
  protected readonly entries = computed((): NamespaceEntry[] => {
    const counts = new Map<string, number>();
    for (const pod of this.pods()) {
      const namespace = pod.metadata.namespace ?? '';
      counts.set(namespace, (counts.get(namespace) ?? 0) + 1);
    }
    return this.namespaces()
      .map((ns) => ns.metadata.name ?? '')
      .sort()
      .map((name) => ({ name, pods: counts.get(name) ?? 0 }));
  });
}
