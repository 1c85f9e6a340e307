import { ChangeDetectionStrategy, Component, computed, inject } from '@angular/core';
import { toObservable, toSignal } from '@angular/core/rxjs-interop';
import { injectInformer } from '@rxkube/angular';
import { NamespaceIndex } from '@rxkube/store';
import { switchMap } from 'rxjs';
import { Clock } from './clock.js';
import type { Pod } from './kubeTypes.js';
import { NamespaceFilter } from './namespaceFilter.js';
import { PodSelection } from './podSelection.js';
import { podRow, sortedPods } from './podSummary.js';
import { ownedIndexers, podsResource } from './resources.js';

/** The pods of the namespace shown (all of them by default); a click selects one. */
@Component({
  selector: 'pod-table',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h2>
      Pods <span class="count">{{ rows().length }}</span>
    </h2>
    <table id="pods">
      <thead>
        <tr>
          <th>name</th>
          <th>namespace</th>
          <th>phase</th>
          <th>restarts</th>
          <th>node</th>
          <th>age</th>
        </tr>
      </thead>
      <tbody>
        @for (row of rows(); track row.key) {
          <tr
            [attr.data-key]="row.key"
            [attr.data-rv]="row.resourceVersion"
            [class.selected]="row.key === selection.key()"
            (click)="selection.select(row.key)"
          >
            <td>{{ row.name }}</td>
            <td>{{ row.namespace }}</td>
            <td [attr.data-phase]="row.phase">{{ row.phase }}</td>
            <td>{{ row.restarts }}</td>
            <td>{{ row.node }}</td>
            <td>{{ row.age }}</td>
          </tr>
        }
      </tbody>
    </table>
  `,
})
export class PodTable {
  protected readonly selection = inject(PodSelection);
  private readonly clock = inject(Clock);
  private readonly view = injectInformer<Pod>(podsResource, { indexers: ownedIndexers });
  // One namespace is one bucket of the namespace index: no scan of the other namespaces' pods.
  private readonly pods = toSignal(
    toObservable(inject(NamespaceFilter).namespace).pipe(
      switchMap((namespace) =>
        namespace === '' ? this.view.list$() : this.view.byIndex$(NamespaceIndex, namespace),
      ),
    ),
    { initialValue: [] },
  );

  protected readonly rows = computed(() => {
    const now = this.clock.now();
    return sortedPods(this.pods()).map((pod) => podRow(pod, now));
  });
}
