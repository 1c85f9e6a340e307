import { ChangeDetectionStrategy, Component, computed, inject } from '@angular/core';
import { toObservable, toSignal } from '@angular/core/rxjs-interop';
import { injectInformer } from '@rxkube/angular';
import { of, switchMap } from 'rxjs';
import type { ContainerStatus, Pod } from './kubeTypes.js';
import { PodSelection } from './podSelection.js';
import { ownedIndexers, podsResource } from './resources.js';

/** The selected pod: its labels, conditions and container statuses, live. */
@Component({
  selector: 'pod-detail',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h2>Pod</h2>
    <section id="detail" [attr.data-key]="selection.key() ?? ''">
      @if (pod(); as pod) {
        <h3 class="pod-name">{{ pod.metadata.namespace }}/{{ pod.metadata.name }}</h3>
        <p class="muted">
          resourceVersion <span class="rv">{{ pod.metadata.resourceVersion }}</span>
        </p>
        <h4>Labels</h4>
        <dl class="labels">
          @for (label of labels(); track label[0]) {
            <dt>{{ label[0] }}</dt>
            <dd>{{ label[1] }}</dd>
          }
        </dl>
        <h4>Conditions</h4>
        <table class="conditions">
          <tbody>
            @for (condition of pod.status?.conditions ?? []; track condition.type) {
              <tr>
                <td>{{ condition.type }}</td>
                <td>{{ condition.status }}</td>
                <td>{{ condition.reason ?? '' }}</td>
                <td>{{ condition.message ?? '' }}</td>
              </tr>
            }
          </tbody>
        </table>
        <h4>Containers</h4>
        <table class="containers">
          <tbody>
            @for (container of pod.status?.containerStatuses ?? []; track container.name) {
              <tr>
                <td>{{ container.name }}</td>
                <td>{{ container.ready ? 'ready' : 'not ready' }}</td>
                <td>{{ container.restartCount ?? 0 }}</td>
                <td>{{ state(container) }}</td>
                <td>{{ container.image ?? '' }}</td>
              </tr>
            }
          </tbody>
        </table>
      } @else if (selection.key() !== undefined) {
        <p class="muted gone">{{ selection.key() }} no longer exists.</p>
      } @else {
        <p class="muted">Select a pod.</p>
      }
    </section>
  `,
})
export class PodDetail {
  protected readonly selection = inject(PodSelection);
  private readonly view = injectInformer<Pod>(podsResource, { indexers: ownedIndexers });
  protected readonly pod = toSignal(
    toObservable(this.selection.key).pipe(
      switchMap((key) => (key === undefined ? of(undefined) : this.view.get$(key))),
    ),
    { initialValue: undefined },
  );
  protected readonly labels = computed(() =>
    Object.entries(this.pod()?.metadata.labels ?? {}).sort(([a], [b]) => a.localeCompare(b)),
  );

  /**
   * @param container - a container's status
   * @returns its state and reason, e.g. `waiting (ContainerCreating)`
   */
  protected state(container: ContainerStatus): string {
    const [name, detail] = Object.entries(container.state ?? {})[0] ?? ['unknown', undefined];
    return detail?.reason === undefined ? name : `${name} (${detail.reason})`;
  }
}
