// One replica of the example operator, sharded, in a process of its own: started by the
// sharded-operator test with `fork`, configured by the `REPLICA` environment variable, and
// reporting every reconcile's start and end through the IPC channel.
import { KubeConfig } from '@kubernetes/client-node';
import { ShardCoordinator } from '@rxkube/controller';
import { silentLogger } from '@rxkube/informer';
import { isObservable, lastValueFrom } from 'rxjs';
import { configMapHashOperator } from '../../../controller/src/examples/configMapHash/configMapHashOperator.js';
import {
  monotonicNow,
  type ReplicaCommand,
  type ReplicaConfig,
  type ReplicaMessage,
} from './replicaProtocol.testing.js';

const config = JSON.parse(process.env['REPLICA'] ?? '{}') as ReplicaConfig;
const send = (message: ReplicaMessage): void => void process.send?.(message);

const kubeConfig = new KubeConfig();
kubeConfig.loadFromString(config.kubeConfigYaml);
const shards = new ShardCoordinator(kubeConfig, {
  namespace: config.namespace,
  group: 'configmap-hash',
  identity: config.identity,
  leaseDuration: config.leaseDuration,
  renewDeadline: config.renewDeadline,
  retryPeriod: config.retryPeriod,
  virtualNodes: config.virtualNodes,
});
const operator = configMapHashOperator(kubeConfig, {
  namespace: config.namespace,
  shards,
  informerOptions: { logger: silentLogger },
  decorate: (reconcile) => async (context) => {
    send({ type: 'reconcile', phase: 'start', key: context.key, at: monotonicNow() });
    try {
      const result = reconcile(context);
      return isObservable(result)
        ? await lastValueFrom(result, { defaultValue: undefined })
        : await result;
    } finally {
      send({ type: 'reconcile', phase: 'end', key: context.key, at: monotonicNow() });
    }
  },
});
const membersSeen = new Set<string>();
shards.members$.subscribe((members) => members.forEach((member) => membersSeen.add(member)));
operator.controller.outcomes$.subscribe({
  error: (error: unknown) => send({ type: 'error', message: String(error) }),
});

process.on('message', (command: ReplicaCommand) => {
  if (command.type === 'report') {
    send({
      type: 'cache',
      keys: operator.configMaps.getIndexer().listKeys(),
      ranges: shards.current.map(({ start, end }) => `${start.toString(16)}-${end.toString(16)}`),
      agreed: shards.agreed,
      membersSeen: [...membersSeen],
    });
  } else {
    void operator
      .stop()
      .then(() => shards.stop())
      .then(() => process.disconnect());
  }
});
shards.start();
void operator.start();
