import { deploymentPods } from './deploymentPods.js';
import type { OwnerReference, Pod, PodController } from './kubeTypes.js';

const controlledBy = (kind: string, name: string, uid: string): OwnerReference[] => [
  { kind, name, uid, controller: true },
];

const deployment: PodController = { metadata: { namespace: 'shop', name: 'web', uid: 'd1' } };
const replicaSet = (name: string, uid: string, owner = 'd1'): PodController => ({
  metadata: {
    namespace: 'shop',
    name,
    uid,
    ownerReferences: controlledBy('Deployment', 'web', owner),
  },
});
const pod = (name: string, owners: OwnerReference[] = []): Pod => ({
  metadata: { namespace: 'shop', name, uid: name, ownerReferences: owners },
});

test('a deployment has the pods of the ReplicaSets it controls, by uid, in name order', () => {
  const [entry] = deploymentPods(
    [deployment],
    [
      replicaSet('web-new', 'rs2'),
      replicaSet('web-old', 'rs1'),
      // A ReplicaSet of a former Deployment of the same name: another uid.
      replicaSet('web-gone', 'rs3', 'd0'),
    ],
    [
      pod('web-new-b', controlledBy('ReplicaSet', 'web-new', 'rs2')),
      pod('web-old-a', controlledBy('ReplicaSet', 'web-old', 'rs1')),
      pod('web-new-a', controlledBy('ReplicaSet', 'web-new', 'rs2')),
      pod('web-gone-a', controlledBy('ReplicaSet', 'web-gone', 'rs3')),
      // Owned, but not by a controller; and owned by nobody.
      pod('adopted', [{ kind: 'ReplicaSet', name: 'web-new', uid: 'rs2' }]),
      pod('bare'),
    ],
  );
  expect(entry?.replicaSets).toEqual(['web-new', 'web-old']);
  expect(entry?.pods.map((p) => p.metadata.name)).toEqual(['web-new-a', 'web-new-b', 'web-old-a']);
});

test('a deployment without ReplicaSets has no pods', () => {
  expect(deploymentPods([deployment], [], [pod('bare')])).toEqual([
    { deployment, replicaSets: [], pods: [] },
  ]);
});
