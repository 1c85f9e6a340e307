/**
 * `@rxkube/informer`: a SharedIndexInformer over `listerWatcher` with the namespace index, all
 * options at their defaults (objects deep-frozen, consistent snapshots), as a user writes it,
 * except one: it syncs by a paged list, as the floor and client-node do. Streaming lists are
 * the informer's default, but the bench's replay proxy replays list bodies, not a streaming
 * list's initial events, so a streamed sync would time the fake server generating 50,000
 * events rather than the client. `npm run watchlist-memory` measures the streamed sync.
 */
import { SharedIndexInformer } from '@rxkube/informer';
import { listerWatcher } from '@rxkube/informer/node';
import {
  DeletedFinalStateUnknown,
  NamespaceIndex,
  metaNamespaceIndexFunc,
  type KubeObject,
} from '@rxkube/store';
import {
  type BenchHandler,
  type Connection,
  type Contender,
  type ViewCounts,
  hasLabel,
  keyOf,
} from '../contender.js';
import { kubeConfigFor } from './kubeConfig.js';

/** See the module comment. */
export class RxkubeContender implements Contender {
  readonly name = 'rxkube';
  private readonly informer: SharedIndexInformer<KubeObject>;

  /** @param connection - where to list and watch */
  constructor(connection: Connection) {
    const lw = listerWatcher<KubeObject>(kubeConfigFor(connection), {
      version: 'v1',
      plural: 'pods',
    });
    this.informer = new SharedIndexInformer(lw, {
      indexers: { [NamespaceIndex]: metaNamespaceIndexFunc },
      reflector: { streamingList: false },
    });
    this.informer.errors$.subscribe((err) => process.stderr.write(`rxkube: ${err.message}\n`));
  }

  /** @inheritdoc */
  addHandler(handler: BenchHandler): void {
    this.informer.addEventHandler({
      onAdd: (obj) => handler('add', keyOf(obj), obj),
      onUpdate: (_old, obj) => handler('update', keyOf(obj), obj),
      onDelete: (obj) =>
        obj instanceof DeletedFinalStateUnknown
          ? handler('delete', obj.key, obj.obj)
          : handler('delete', keyOf(obj), obj),
    });
  }

  /** @inheritdoc */
  start(): void {
    this.informer.start();
  }

  /** @inheritdoc */
  version(key: string): string | undefined {
    return this.informer.getIndexer().getByKey(key)?.metadata?.resourceVersion;
  }

  /** @inheritdoc */
  size(): number {
    return this.informer.getIndexer().size;
  }

  /** @inheritdoc */
  byNamespace(namespace: string): readonly KubeObject[] {
    return this.informer.getIndexer().byIndex(NamespaceIndex, namespace);
  }

  /** @inheritdoc */
  byNamespaceAndLabel(namespace: string, label: string, value: string): readonly KubeObject[] {
    return this.byNamespace(namespace).filter((obj) => hasLabel(obj, label, value));
  }

  /** @inheritdoc */
  watchNamespace(namespace: string): { counts: ViewCounts; stop: () => void } {
    const counts: ViewCounts = { emissions: 0, secondary: 0 };
    const byIndex = this.informer.byIndex$(NamespaceIndex, namespace).subscribe(() => {
      counts.emissions += 1;
    });
    const list = this.informer
      .list$((obj) => obj.metadata?.namespace === namespace)
      .subscribe(() => {
        counts.secondary = (counts.secondary ?? 0) + 1;
      });
    return {
      counts,
      stop: () => {
        byIndex.unsubscribe();
        list.unsubscribe();
      },
    };
  }

  /** @inheritdoc */
  async stop(): Promise<void> {
    this.informer.stop();
  }
}
