import { eventually } from '@rxkube/devkit';
import { ChurnGenerator, type FakeApiServer } from '@rxkube/testing';
import type { TestPod } from './pods.testing.js';

/**
 * Once the informer's first watch has stalled (`server.faults.stallWatchAfter(0)`), changes
 * the world behind its back: deletes the first pod, makes 20 more changes in namespace `a`,
 * and compacts the history, so that the reconnect gets a 410 and must relist to see them.
 *
 * @param server - the fake API server, its first watch set to stall
 * @returns the deleted pod
 */
export async function changeBehindStalledWatch(server: FakeApiServer): Promise<TestPod> {
  await eventually(() => server.faults.count('stallWatch') === 1, 'the stalled watch');
  const [gone] = server.list<TestPod>('v1', 'Pod');
  if (gone === undefined) throw new Error('no pod to delete behind the stalled watch');
  server.delete({ apiVersion: 'v1', kind: 'Pod', namespace: 'a', name: gone.metadata.name });
  new ChurnGenerator(server, { namespaces: ['a'], seed: 2, prefix: 'late' }).step(20);
  server.compact();
  return gone;
}
