import { ChangeDetectionStrategy, Component } from '@angular/core';
import { injectInformer } from '@rxkube/angular';
import { DeploymentList } from './deploymentList.js';
import type { Pod } from './kubeTypes.js';
import { NamespaceList } from './namespaceList.js';
import { PodDetail } from './podDetail.js';
import { PodTable } from './podTable.js';
import { ownedIndexers, podsResource } from './resources.js';

/** The page: the pods informer's state, then namespaces, pods, the selected pod and deployments. */
@Component({
  selector: 'rxkube-dashboard',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [NamespaceList, PodTable, PodDetail, DeploymentList],
  template: `
    <header>
      <h1>rxkube · Angular example</h1>
      <span id="status" [attr.data-synced]="synced()">{{ synced() ? 'live' : 'listing…' }}</span>
      @if (error(); as error) {
        <span id="error" title="the informers recover by themselves"
          >last failure: {{ error.message }}</span
        >
      }
    </header>
    <main>
      <namespace-list />
      <pod-table />
      <pod-detail />
      <deployment-list />
    </main>
  `,
})
export class DashboardApp {
  private readonly pods = injectInformer<Pod>(podsResource, { indexers: ownedIndexers });
  protected readonly synced = this.pods.syncedSignal();
  protected readonly error = this.pods.errorSignal();
}
