// A zoneless Angular application with OnPush components over injectInformer, bundled for the
// browser tests. Components are compiled in the page (JIT: `@angular/compiler` is imported
// first). The test drives the scripted cluster through `window.rxkubeTest`.
import '@angular/compiler';
import {
  ChangeDetectionStrategy,
  Component,
  computed,
  provideZonelessChangeDetection,
} from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { NamespaceIndex, metaNamespaceIndexFunc } from '@rxkube/store';
import { injectInformer } from '../injectInformer.js';
import { provideRxkube } from '../provideRxkube.js';
import { ScriptedResource, testPod, type TestPod } from './scriptedResource.testing.js';

/** What the page exposes to the test. */
export interface PodTableHooks {
  readonly resource: ScriptedResource;
  /** How many times the `shop` panel's template computed its rows. */
  shopRenders: number;
  readonly testPod: typeof testPod;
  /** Set once the application is bootstrapped; `false` when Zone.js is absent. */
  zoneLoaded?: boolean;
}

const hooks: PodTableHooks = {
  resource: new ScriptedResource([
    testPod('shop', 'web-1'),
    testPod('shop', 'web-2'),
    testPod('other', 'db-1'),
  ]),
  shopRenders: 0,
  testPod,
};
(globalThis as { rxkubeTest?: PodTableHooks }).rxkubeTest = hooks;

const pods = { version: 'v1', plural: 'pods' };

/** The pods of `shop`, OnPush: checked only when its own signal changes. */
@Component({
  selector: 'shop-panel',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    {{ counted() }}
    <ul id="shop">
      @for (pod of pods(); track pod.metadata.uid) {
        <li>{{ pod.metadata.name }} {{ pod.status?.phase }}</li>
      }
    </ul>
  `,
})
class ShopPanel {
  readonly pods = injectInformer<TestPod>(pods, {
    indexers: { [NamespaceIndex]: metaNamespaceIndexFunc },
  }).byIndexSignal(NamespaceIndex, 'shop');

  /** Called by the template each time the view is checked. */
  counted(): string {
    hooks.shopRenders += 1;
    return '';
  }
}

@Component({
  selector: 'pod-table',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <p id="synced">{{ synced() ? 'synced' : 'listing' }}</p>
    <table id="all">
      @for (pod of pods(); track pod.metadata.uid) {
        <tr>
          <td>{{ pod.metadata.namespace }}/{{ pod.metadata.name }}</td>
          <td>{{ pod.status?.phase }}</td>
        </tr>
      }
    </table>
    <shop-panel />
  `,
  imports: [ShopPanel],
})
class PodTable {
  private readonly view = injectInformer<TestPod>(pods);
  private readonly all = this.view.listSignal();
  readonly pods = computed(() =>
    [...this.all()].sort((a, b) =>
      `${a.metadata.namespace}/${a.metadata.name}`.localeCompare(
        `${b.metadata.namespace}/${b.metadata.name}`,
      ),
    ),
  );
  readonly synced = this.view.syncedSignal();
}

bootstrapApplication(PodTable, {
  providers: [
    provideZonelessChangeDetection(),
    provideRxkube({
      listerWatcherFor: () => hooks.resource.listerWatcher(),
      // The scripted resource answers lists, not streaming lists.
      informer: { reflector: { streamingList: false } },
    }),
  ],
}).then(
  () => (hooks.zoneLoaded = 'Zone' in globalThis),
  (err: unknown) => console.error(err),
);
