import type { FakeApiServer, KubeObject } from '@rxkube/testing';
import { podManifest, type PodStage } from '../cluster/manifests.js';

/**
 * Creates a pod on the fake server.
 *
 * @param server - the server
 * @param namespace - its namespace
 * @param name - its name
 * @param stage - its stage (running by default)
 * @returns the stored pod
 */
export function createPod(
  server: FakeApiServer,
  namespace: string,
  name: string,
  stage: PodStage = 'running',
): KubeObject {
  return server.create(
    podManifest(
      {
        namespace,
        name,
        app: name.replace(/-\d+$/, ''),
        image: 'registry.example.com/web:1.0.0',
        owner: { kind: 'ReplicaSet', name: `${name}-rs` },
        stage,
        node: stage === 'unscheduled' ? undefined : 'worker-1',
        ip: '10.0.0.9',
        restarts: 0,
      },
      new Date(),
    ),
  );
}

/**
 * Moves a pod to another stage (phase and container status follow).
 *
 * @param server - the server
 * @param namespace - its namespace
 * @param name - its name
 * @param stage - the new stage
 */
export function movePod(
  server: FakeApiServer,
  namespace: string,
  name: string,
  stage: PodStage,
): void {
  const next = podManifest(
    {
      namespace,
      name,
      app: name,
      image: 'registry.example.com/web:1.0.0',
      owner: { kind: 'ReplicaSet', name: `${name}-rs` },
      stage,
      node: 'worker-1',
      ip: '10.0.0.9',
      restarts: 0,
    },
    new Date(),
  );
  server.patch({ apiVersion: 'v1', kind: 'Pod', namespace, name }, (obj) => {
    obj['spec'] = next['spec'];
    obj['status'] = next['status'];
  });
}

/**
 * Deletes a pod.
 *
 * @param server - the server
 * @param namespace - its namespace
 * @param name - its name
 */
export function deletePod(server: FakeApiServer, namespace: string, name: string): void {
  server.delete({ apiVersion: 'v1', kind: 'Pod', namespace, name });
}
