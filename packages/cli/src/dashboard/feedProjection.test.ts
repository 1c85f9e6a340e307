import type { KubeObject } from '@rxkube/store';
import { deeplyNested } from '@rxkube/testing';
import { projectFields, projectPod, projectionFor } from './feedProjection.js';

const identity = {
  name: 'x',
  namespace: 'shop',
  uid: 'u',
  resourceVersion: '7',
  creationTimestamp: '2026-01-01T00:00:00Z',
};

describe('projectionFor', () => {
  it('sends of a deployment only what its table shows: no pod template, no annotations', () => {
    const deployment = {
      metadata: {
        ...identity,
        annotations: { 'kubectl.kubernetes.io/last-applied-configuration': '{…}' },
      },
      spec: {
        replicas: 3,
        template: { spec: { containers: [{ env: [{ name: 'PASSWORD', value: 'hunter2' }] }] } },
      },
      status: {
        readyReplicas: 2,
        updatedReplicas: 3,
        availableReplicas: 2,
        conditions: [{ type: 'Available' }],
      },
    } as unknown as KubeObject;
    expect(projectionFor({ kind: 'Deployment', group: 'apps' })(deployment)).toEqual({
      metadata: { ...identity, deletionTimestamp: undefined },
      spec: { replicas: 3 },
      status: { readyReplicas: 2, updatedReplicas: 3, availableReplicas: 2 },
    });
  });

  it("sends a config map's keys without their values, and a service's ports field by field", () => {
    const configMap = {
      metadata: identity,
      data: { 'app.conf': 'password=hunter2' },
    } as unknown as KubeObject;
    expect(projectionFor({ kind: 'ConfigMap', group: '' })(configMap)['data']).toEqual({
      'app.conf': '',
    });
    const service = {
      metadata: identity,
      spec: {
        type: 'ClusterIP',
        clusterIP: '10.0.0.1',
        selector: { app: 'x' },
        ports: [{ name: 'http', port: 80, targetPort: 8080, protocol: 'TCP' }],
      },
    } as unknown as KubeObject;
    expect(projectionFor({ kind: 'Service', group: '' })(service)['spec']).toEqual({
      type: 'ClusterIP',
      clusterIP: '10.0.0.1',
      ports: [{ port: 80, protocol: 'TCP' }],
    });
  });

  it("never sends a Secret's data, and only the identity of kinds without columns", () => {
    const secret = {
      metadata: identity,
      type: 'Opaque',
      data: { token: 'aHVudGVyMg==' },
      stringData: { a: 'b' },
    } as unknown as KubeObject;
    const sent = JSON.stringify(projectionFor({ kind: 'Secret', group: '' })(secret));
    expect(sent).not.toContain('aHVudGVyMg');
    expect(sent).not.toContain('token');
    expect(Object.keys(JSON.parse(sent) as object)).toEqual(['metadata']);
  });

  it('projects pods as the pod table, cards and event feed read them', () => {
    expect(projectionFor({ kind: 'Pod', group: '' })).toBe(projectPod);
  });
});

describe('projectFields', () => {
  it('ignores a path longer than 64 fields (a printer column can have any) instead of overflowing the stack', () => {
    const long = Array.from({ length: 20_000 }, () => 'a').join('.');
    // The path is there to follow: `{"a":{"a":…}}`, 20,000 levels.
    const object = {
      ...(deeplyNested(20_000) as object),
      metadata: identity,
      spec: { size: 1 },
    } as unknown as KubeObject;
    expect(projectFields([long, 'spec.size'])(object)).toEqual({
      metadata: identity,
      spec: { size: 1 },
    });
  });
});
