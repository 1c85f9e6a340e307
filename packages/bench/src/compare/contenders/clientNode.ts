/**
 * `@kubernetes/client-node`'s informer as its README shows it: `makeInformer` with the generated
 * `CoreV1Api.listPodForAllNamespaces` as the list function, handlers registered with `on`.
 */
import {
  CoreV1Api,
  type Informer,
  type ObjectCache,
  type V1Pod,
  makeInformer,
} from '@kubernetes/client-node';
import type { KubeObject } from '@rxkube/store';
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
export class ClientNodeContender implements Contender {
  readonly name = 'client-node';
  private readonly informer: Informer<V1Pod> & ObjectCache<V1Pod>;
  private stopped = false;

  /** @param connection - where to list and watch */
  constructor(connection: Connection) {
    const kc = kubeConfigFor(connection);
    const core = kc.makeApiClient(CoreV1Api);
    this.informer = makeInformer(kc, '/api/v1/pods', () => core.listPodForAllNamespaces());
    this.informer.on('error', (err: unknown) => {
      if (!this.stopped) process.stderr.write(`client-node: ${String(err)}\n`);
    });
  }

  /** @inheritdoc */
  addHandler(handler: BenchHandler): void {
    // One handler: the README registers one callback per verb.
    this.informer.on('add', (obj) => handler('add', keyOf(obj as KubeObject), obj as KubeObject));
    this.informer.on('update', (obj) =>
      handler('update', keyOf(obj as KubeObject), obj as KubeObject),
    );
    this.informer.on('delete', (obj) =>
      handler('delete', keyOf(obj as KubeObject), obj as KubeObject),
    );
  }

  /** @inheritdoc */
  start(): void {
    this.informer.start().catch((err: unknown) => {
      process.stderr.write(`client-node: ${String(err)}\n`);
      process.exit(3);
    });
  }

  /** @inheritdoc */
  version(key: string): string | undefined {
    const slash = key.indexOf('/');
    return this.informer.get(key.slice(slash + 1), key.slice(0, slash))?.metadata?.resourceVersion;
  }

  /** @inheritdoc */
  size(): number {
    return this.informer.list().length;
  }

  /** @inheritdoc */
  byNamespace(namespace: string): readonly KubeObject[] {
    return this.informer.list(namespace) as KubeObject[];
  }

  /** @inheritdoc */
  byNamespaceAndLabel(namespace: string, label: string, value: string): readonly KubeObject[] {
    return (this.informer.list(namespace) as KubeObject[]).filter((obj) =>
      hasLabel(obj, label, value),
    );
  }

  /** @inheritdoc */
  watchNamespace(namespace: string): { counts: ViewCounts; stop: () => void } {
    // client-node has no reactive view: a dashboard re-renders from a change handler, and must
    // filter the namespace itself. `emissions` counts handler calls, `secondary` re-renders.
    const counts: ViewCounts = { emissions: 0, secondary: 0 };
    const onChange = (obj: V1Pod): void => {
      counts.emissions += 1;
      if (obj.metadata?.namespace === namespace) counts.secondary = (counts.secondary ?? 0) + 1;
    };
    this.informer.on('change', onChange);
    return { counts, stop: () => this.informer.off('change', onChange) };
  }

  /** @inheritdoc */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.informer.stop();
  }
}
