import type { KubeObject } from '@rxkube/store';
import type { FakeApiServer } from '@rxkube/testing';
import type { TestPod } from './pods.testing.js';

/**
 * @param objects - cached or served objects
 * @returns each as `namespace/name@resourceVersion`, sorted: equal for equal caches
 */
export function cacheState(objects: readonly KubeObject[]): string[] {
  return objects
    .map((o) => `${o.metadata?.namespace}/${o.metadata?.name}@${o.metadata?.resourceVersion}`)
    .sort();
}

/**
 * @param server - the fake API server
 * @param filter - only the pods a selector would pick
 * @returns the server's pods, in the form of {@link cacheState}
 */
export function serverPodState(
  server: FakeApiServer,
  filter: (p: TestPod) => boolean = () => true,
): string[] {
  return cacheState(server.list<TestPod>('v1', 'Pod').filter(filter));
}
