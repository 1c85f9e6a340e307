import {
  AppsV1Api,
  type KubeConfig,
  type V1ConfigMap,
  type V1Deployment,
} from '@kubernetes/client-node';
import { SharedIndexInformer, type SharedIndexInformerOptions } from '@rxkube/informer';
import { listerWatcher } from '@rxkube/informer/node';
import type { Subscription } from 'rxjs';
import type { LeadershipSource } from '../../leaderelection/whileLeader.js';
import type { Reconcile } from '../../reconcile/controllerOptions.js';
import type { ShardCoordinator } from '../../sharding/shardCoordinator.js';
import {
  annotationsChanged,
  generationChanged,
  labelsChanged,
} from '../../reconcile/changePredicates.js';
import { or } from '../../reconcile/predicate.js';
import { controller, type ReconcileController } from '../../reconcile/reconcileController.js';
import { deployLabel } from './desiredDeployment.js';
import { reconcileConfigMap, type DeploymentWriter } from './reconcileConfigMap.js';

/** How to run the example operator. */
export interface ConfigMapHashOperatorOptions {
  /** Only this namespace; all namespaces by default. */
  namespace?: string;
  /** The Deployments' container image. Default `nginx:1.27`. */
  image?: string;
  /** Keys reconciled at once. Default 4. */
  concurrency?: number;
  /** Reconcile every ConfigMap this often (ms), to repair drift nobody announced. Default 10 min. */
  resyncPeriod?: number;
  /** Options for both informers (reflector backoff, scheduler, logger…). */
  informerOptions?: SharedIndexInformerOptions<object>;
  /** The Deployments client. Default: `AppsV1Api` from the KubeConfig. */
  apps?: DeploymentWriter;
  /**
   * Work on this replica's shard only: the ConfigMaps informer follows the coordinator's
   * ranges and the controller keeps to them (Deployments count by their owner ConfigMap).
   */
  shards?: ShardCoordinator;
  /** Wraps the reconcile function, e.g. to trace each reconcile's start and end. */
  decorate?: (reconcile: Reconcile<V1ConfigMap>) => Reconcile<V1ConfigMap>;
}

/** The example operator, assembled. */
export interface ConfigMapHashOperator {
  /** The controller. */
  readonly controller: ReconcileController<V1ConfigMap>;
  /** The labelled ConfigMaps. */
  readonly configMaps: SharedIndexInformer<V1ConfigMap>;
  /** The Deployments (all of them in scope, to notice one in the way). */
  readonly deployments: SharedIndexInformer<V1Deployment>;
  /** Starts the informers and the controller, gated on leadership if given. */
  start(options?: { leadership?: LeadershipSource }): void;
  /** Stops the controller gracefully, then the informers. */
  stop(): Promise<void>;
}

/**
 * The example operator: for every ConfigMap labelled `example.rxkube.io/deploy=true`, keeps a
 * Deployment of the same name, owned by the ConfigMap and annotated with its content hash, and
 * removes it when the ConfigMap goes away or loses the label.
 *
 * @param kubeConfig - where the cluster is
 * @param options - namespace, image, concurrency, resync, informer options
 * @returns the operator, not started
 */
export function configMapHashOperator(
  kubeConfig: KubeConfig,
  options: ConfigMapHashOperatorOptions = {},
): ConfigMapHashOperator {
  const { namespace, informerOptions = {}, shards, decorate = (reconcile) => reconcile } = options;
  const configMaps = new SharedIndexInformer<V1ConfigMap>(
    listerWatcher<V1ConfigMap>(
      kubeConfig,
      { version: 'v1', plural: 'configmaps' },
      { namespace, labelSelector: `${deployLabel}=true` },
    ),
    shards === undefined ? informerOptions : { ...informerOptions, shard: shards.shard$ },
  );
  const deployments = new SharedIndexInformer<V1Deployment>(
    listerWatcher<V1Deployment>(
      kubeConfig,
      { group: 'apps', version: 'v1', plural: 'deployments' },
      { namespace },
    ),
    informerOptions,
  );
  const ctrl = controller<V1ConfigMap>({
    name: 'configmap-hash',
    for: configMaps,
    kind: { apiVersion: 'v1', kind: 'ConfigMap' },
    owns: [
      {
        informer: deployments,
        // The Deployment controller writes status all the time; only changes to what this
        // operator sets (spec, labels, the hash annotation) can need a repair.
        predicates: [or(generationChanged(), annotationsChanged(), labelsChanged())],
      },
    ],
    concurrency: options.concurrency ?? 4,
    resyncPeriod: options.resyncPeriod ?? 10 * 60_000,
    scheduler: informerOptions.scheduler,
    shards,
    reconcile: decorate(
      reconcileConfigMap({
        apps: options.apps ?? kubeConfig.makeApiClient(AppsV1Api),
        deployments: deployments.getIndexer(),
        image: options.image ?? 'nginx:1.27',
      }),
    ),
  });

  let running: Subscription | undefined;
  return {
    controller: ctrl,
    configMaps,
    deployments,
    start: (startOptions = {}) => {
      configMaps.start();
      deployments.start();
      running = ctrl.start(startOptions);
    },
    stop: async () => {
      await ctrl.stop();
      running?.unsubscribe();
      configMaps.stop();
      deployments.stop();
    },
  };
}
