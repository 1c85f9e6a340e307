import { ChangeDetectionStrategy, Component, computed, inject } from '@angular/core';
import { injectInformer } from '@rxkube/angular';
import { deploymentPods } from './deploymentPods.js';
import type { Pod, PodController } from './kubeTypes.js';
import { NamespaceFilter } from './namespaceFilter.js';
import { PodSelection } from './podSelection.js';
import { podKey } from './podSummary.js';
import {
  deploymentsResource,
  ownedIndexers,
  podsResource,
  replicaSetsResource,
} from './resources.js';

/** The Deployments of the namespace shown, each with its pods; a click on a pod selects it. */
@Component({
  selector: 'deployment-list',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h2>
      Deployments <span class="count">{{ entries().length }}</span>
    </h2>
    <ul id="deployments">
      @for (entry of entries(); track entry.deployment.metadata.uid) {
        <li
          [attr.data-key]="
            entry.deployment.metadata.namespace + '/' + entry.deployment.metadata.name
          "
        >
          <div class="deployment-head">
            <span class="deployment">
              {{ entry.deployment.metadata.namespace }}/{{ entry.deployment.metadata.name }}
            </span>
            <span class="count">{{ entry.pods.length }} pods</span>
            <span class="muted">ReplicaSet {{ entry.replicaSets.join(', ') }}</span>
          </div>
          <ul class="deployment-pods">
            @for (pod of entry.pods; track pod.metadata.uid) {
              <li>
                <button
                  type="button"
                  [attr.data-pod]="key(pod)"
                  (click)="selection.select(key(pod))"
                >
                  {{ pod.metadata.name }}
                </button>
              </li>
            }
          </ul>
        </li>
      }
    </ul>
  `,
})
export class DeploymentList {
  protected readonly selection = inject(PodSelection);
  private readonly filter = inject(NamespaceFilter);
  private readonly deployments = injectInformer<PodController>(deploymentsResource).listSignal();
  private readonly replicaSets = injectInformer<PodController>(replicaSetsResource, {
    indexers: ownedIndexers,
  }).listSignal();
  private readonly pods = injectInformer<Pod>(podsResource, {
    indexers: ownedIndexers,
  }).listSignal();

  protected readonly entries = computed(() => {
    const namespace = this.filter.namespace();
    const shown = this.deployments()
      .filter((d) => namespace === '' || d.metadata.namespace === namespace)
      .sort((a, b) => podKey(a).localeCompare(podKey(b)));
    return deploymentPods(shown, this.replicaSets(), this.pods());
  });

  protected readonly key = podKey;
}
