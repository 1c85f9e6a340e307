// What the examples in the Markdown may use without defining it: the reader's own code and
// data. Examples that run get the functions from src/placeholders.ts; the values exist only
// for fragments, which are type-checked but not run.
import type { KubeConfig, V1ConfigMap, V1Deployment, V1Pod } from '@kubernetes/client-node';
import type { LeaderElector, ReconcileController } from '@rxkube/controller';
import type { SharedIndexInformer } from '@rxkube/informer';
import type { FifoInput } from '@rxkube/queue';
import type { DeletedFinalStateUnknown, Indexer } from '@rxkube/store';
import type { FakeApiServer } from '@rxkube/testing';
import type { Observable } from 'rxjs';
import type {
  configMap as configMapOf,
  converged as convergedOf,
} from '../../controller/src/examples/configMapHash/cluster.testing.js';
import type { configMapHashOperator as configMapHashOperatorOf } from '../../controller/src/examples/configMapHash/configMapHashOperator.js';

declare global {
  // The reader's code (implemented for examples that run).
  function render(value: unknown): void;
  function renderTable(pods: readonly V1Pod[]): void;
  function renderSpinner(visible: boolean): void;
  function renderDetails(pod: V1Pod | undefined): void;
  function enqueue(object: unknown): void;
  function log(...values: unknown[]): void;
  function versionOf(input: FifoInput<Pod>): string | undefined;
  function reconcile(object: unknown): Promise<void>;
  function ensureDeployment(configMap: V1ConfigMap, signal: AbortSignal): Promise<void>;
  function removeDeployment(namespace: string, name: string, signal: AbortSignal): Promise<void>;
  const reconcileAll$: Observable<unknown>;
  // The reader's data and the objects earlier parts of a text built (fragments only).
  type Pod = V1Pod;
  const list: { items: Pod[]; metadata: { resourceVersion: string } };
  const pod: Pod;
  const somePod: Pod;
  const tombstoneOrPod: Pod | DeletedFinalStateUnknown<Pod>;
  const pods: Indexer<Pod>;
  const indexer: Indexer<Pod>;
  const informer: SharedIndexInformer<Pod>;
  const reflectorInputs$: Observable<FifoInput<Pod>>;
  const events$: Observable<{ object: Pod }>;
  function keyOf(event: { object: Pod }): string;
  function handle(event: unknown): void;
  function report(error: unknown): void;
  function publish(snapshot: unknown): void;
  const queueDepthGauge: { set(value: number): void };
  const kubeConfig: KubeConfig;
  const configMaps: SharedIndexInformer<V1ConfigMap>;
  const deployments: SharedIndexInformer<V1Deployment>;
  const ctrl: ReconcileController<V1ConfigMap>;
  const elector: LeaderElector;
  const server: FakeApiServer;
  const reconcileDuration: { observe(labels: { result: string }, seconds: number): void };
  const queueDepth: { set(value: number): void };
  const logger: { warn(value: unknown): void };
  // The operator guide's test helpers: those of the example operator's own tests.
  const configMapHashOperator: typeof configMapHashOperatorOf;
  const configMap: typeof configMapOf;
  const converged: typeof convergedOf;
}
