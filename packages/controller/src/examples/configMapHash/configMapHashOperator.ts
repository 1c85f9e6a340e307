import type { V1ConfigMap, V1Deployment } from '@kubernetes/client-node';
import type { KubeConfig } from '@kubernetes/client-node';
import type { SharedIndexInformer } from '@rxkube/informer';
import { manager, type Manager } from '../../manager/manager.js';
import type { ManagerLeaderElectionOptions, ManagerOptions } from '../../manager/managerOptions.js';
import type { EventRecorder } from '../../objects/eventRecorder.js';
import {
  annotationsChanged,
  generationChanged,
  labelsChanged,
} from '../../reconcile/changePredicates.js';
import type { Reconcile } from '../../reconcile/controllerOptions.js';
import { or } from '../../reconcile/predicate.js';
import type { ReconcileController } from '../../reconcile/reconcileController.js';
import { resources } from '../../resources/commonResources.js';
import type { ShardCoordinator } from '../../sharding/shardCoordinator.js';
import { deployLabel, managerName } from './desiredDeployment.js';
import { reconcileConfigMap } from './reconcileConfigMap.js';

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
  informerOptions?: ManagerOptions['informer'];
  /** Reconcile only while this replica holds the Lease (the manager's leader election). */
  leaderElection?: ManagerLeaderElectionOptions;
  /**
   * Work on this replica's shard only: the ConfigMaps informer follows the coordinator's
   * ranges and the controller keeps to them (Deployments count by their owner ConfigMap).
   */
  shards?: ShardCoordinator;
  /** Wraps the reconcile function, e.g. to trace each reconcile's start and end. */
  decorate?: (reconcile: Reconcile<V1ConfigMap>) => Reconcile<V1ConfigMap>;
}

/** The example operator, assembled on a manager. */
export interface ConfigMapHashOperator {
  /** The manager: informers, controller, leader election, started and stopped together. */
  readonly manager: Manager;
  /** The controller. */
  readonly controller: ReconcileController<V1ConfigMap>;
  /** The labelled ConfigMaps. */
  readonly configMaps: SharedIndexInformer<V1ConfigMap>;
  /** The Deployments (all of them in scope, to notice one in the way). */
  readonly deployments: SharedIndexInformer<V1Deployment>;
  /** Where the reconciles record their Events. */
  readonly events: EventRecorder;
  /** Starts the manager; resolved once the caches have synced and the controller runs. */
  start(): Promise<void>;
  /** Stops the manager: the controller drains, then the elector and the informers stop. */
  stop(): Promise<void>;
}

/**
 * The example operator: for every ConfigMap labelled `example.rxkube.io/deploy=true`, keeps a
 * Deployment of the same name, owned by the ConfigMap and annotated with its content hash, and
 * removes it when the ConfigMap goes away or loses the label.
 *
 * @param kubeConfig - where the cluster is
 * @param options - namespace, image, concurrency, resync, informer options, leader election,
 *   shards
 * @returns the operator, not started
 */
export function configMapHashOperator(
  kubeConfig: KubeConfig,
  options: ConfigMapHashOperatorOptions = {},
): ConfigMapHashOperator {
  const { namespace, informerOptions = {}, shards, decorate = (reconcile) => reconcile } = options;
  const mgr = manager({
    kubeConfig,
    namespace,
    informer: informerOptions,
    leaderElection: options.leaderElection,
  });
  const configMaps = mgr.informer(resources.configMaps, {
    labelSelector: `${deployLabel}=true`,
    ...(shards === undefined ? {} : { shard: shards.shard$ }),
  });
  const deployments = mgr.informer(resources.deployments);
  const events = mgr.eventRecorder({ reportingController: `example.rxkube.io/${managerName}` });
  const controller = mgr.controller<V1ConfigMap>({
    name: managerName,
    for: configMaps,
    kind: resources.configMaps,
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
        objectApi: mgr.objectApi,
        deployments: mgr.client(resources.deployments),
        cache: deployments.getIndexer(),
        events,
        image: options.image ?? 'nginx:1.27',
      }),
    ),
  });
  return {
    manager: mgr,
    controller,
    configMaps,
    deployments,
    events,
    start: () => mgr.start(),
    stop: () => mgr.stop(),
  };
}
