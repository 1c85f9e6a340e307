/* eslint-disable @typescript-eslint/no-explicit-any -- reads kubectl's JSON output */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KubeObject } from '../api/types.js';
import { FakeApiServer } from '../fakeApiServer.js';
import { hasKubectl, KubectlRunner } from './kubectlRunner.testing.js';

const kubectlTest = hasKubectl ? test : test.skip;

let server: FakeApiServer;
let kubectl: KubectlRunner;
beforeEach(async () => {
  server = await FakeApiServer.start({ tls: true, bookmarkIntervalMs: 60_000 });
  kubectl = new KubectlRunner(server);
  server.create(deployment('web', 2));
  server.create({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', namespace: 'default', labels: { app: 'web' } },
    spec: { containers: [{ name: 'c', image: 'nginx' }] },
    status: { phase: 'Pending' },
  });
});
afterEach(async () => {
  kubectl.dispose();
  await server.stop();
});

function deployment(name: string, replicas: number): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'default' },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name: 'c', image: 'nginx' }] },
      },
    },
    status: { replicas, readyReplicas: replicas },
  };
}

function stored(kind: 'Deployment' | 'Pod', name: string): any {
  const apiVersion = kind === 'Deployment' ? 'apps/v1' : 'v1';
  return server.get({ apiVersion, kind, namespace: 'default', name });
}

kubectlTest('kubectl scale deployment sets spec.replicas through /scale', async () => {
  const result = await kubectl.run('scale', 'deployment', 'web', '--replicas=3');
  expect(result).toMatchObject({ code: 0, stdout: 'deployment.apps/web scaled\n' });
  expect(stored('Deployment', 'web').spec.replicas).toBe(3);
  expect(stored('Deployment', 'web').metadata.generation).toBe(2);
});

kubectlTest('kubectl get --subresource=scale shows the autoscaling/v1 Scale', async () => {
  const result = await kubectl.run('get', 'deployment', 'web', '--subresource=scale', '-o', 'json');
  expect(result.code).toBe(0);
  expect(JSON.parse(result.stdout)).toMatchObject({
    apiVersion: 'autoscaling/v1',
    kind: 'Scale',
    metadata: { name: 'web', namespace: 'default' },
    spec: { replicas: 2 },
    status: { replicas: 2, selector: 'app=web' },
  });
});

kubectlTest('kubectl patch --subresource=scale sets the replicas', async () => {
  const result = await kubectl.run(
    'patch',
    'deployment',
    'web',
    '--subresource=scale',
    '--type=merge',
    '-p',
    '{"spec":{"replicas":5}}',
  );
  // The object patched is the Scale, as kubectl says on a cluster.
  expect(result).toMatchObject({ code: 0, stdout: 'scale.autoscaling/web patched\n' });
  expect(stored('Deployment', 'web').spec.replicas).toBe(5);
});

kubectlTest('kubectl get --subresource=status reads the object through /status', async () => {
  const result = await kubectl.run('get', 'pod', 'p', '--subresource=status', '-o', 'json');
  expect(result.code).toBe(0);
  expect(JSON.parse(result.stdout)).toMatchObject({
    kind: 'Pod',
    metadata: { name: 'p' },
    status: { phase: 'Pending' },
  });
});

kubectlTest(
  'kubectl patch --subresource=status writes status and nothing else; a plain patch leaves status alone',
  async () => {
    const statusPatch = await kubectl.run(
      'patch',
      'deployment',
      'web',
      '--subresource=status',
      '--type=merge',
      '-p',
      '{"spec":{"replicas":9},"status":{"readyReplicas":1}}',
    );
    expect(statusPatch).toMatchObject({ code: 0, stdout: 'deployment.apps/web patched\n' });
    expect(stored('Deployment', 'web')).toMatchObject({
      metadata: { generation: 1 },
      spec: { replicas: 2 },
      status: { readyReplicas: 1 },
    });

    const plainPatch = await kubectl.run(
      'patch',
      'deployment',
      'web',
      '--type=merge',
      '-p',
      '{"status":{"readyReplicas":7}}',
    );
    // As on a cluster: the patch is accepted and changes nothing.
    expect(plainPatch).toMatchObject({
      code: 0,
      stdout: 'deployment.apps/web patched (no change)\n',
    });
    expect(stored('Deployment', 'web').status.readyReplicas).toBe(1);
  },
);

kubectlTest('kubectl apply --server-side --subresource=status applies status only', async () => {
  const manifest = JSON.stringify({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', namespace: 'default', labels: { app: 'other' } },
    spec: { containers: [{ name: 'c', image: 'busybox' }] },
    status: { phase: 'Running' },
  });
  const dir = mkdtempSync(join(tmpdir(), 'rxkube-apply-'));
  writeFileSync(`${dir}/pod.json`, manifest);
  try {
    const result = await kubectl.run(
      'apply',
      '--server-side',
      '--subresource=status',
      // Client-side validation needs the OpenAPI documents, which are not the subject here.
      '--validate=false',
      // The phase is the creator's, as it would be the kubelet's on a cluster.
      '--force-conflicts',
      '-f',
      `${dir}/pod.json`,
    );
    expect(result).toMatchObject({ stderr: '', code: 0, stdout: 'pod/p serverside-applied\n' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  expect(stored('Pod', 'p')).toMatchObject({
    metadata: { labels: { app: 'web' } },
    spec: { containers: [{ image: 'nginx' }] },
    status: { phase: 'Running' },
  });
});

kubectlTest('discovery lists the subresources as kubectl reads them', async () => {
  const result = await kubectl.run('get', '--raw', '/apis/apps/v1');
  expect(result.code).toBe(0);
  const resources = JSON.parse(result.stdout).resources as any[];
  expect(resources.find((r) => r.name === 'deployments/scale')).toMatchObject({
    group: 'autoscaling',
    version: 'v1',
    kind: 'Scale',
    verbs: ['get', 'patch', 'update'],
  });
  expect(resources.find((r) => r.name === 'deployments/status')).toMatchObject({
    kind: 'Deployment',
    verbs: ['get', 'patch', 'update'],
  });
});
