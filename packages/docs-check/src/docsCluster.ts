import { FakeApiServer, realisticPod, seededRandom } from '@rxkube/testing';

/**
 * A fake API server holding what the documentation's examples look at: pods in the namespaces
 * `shop` (among them `shop/web-0`, labelled `tier=web`) and `default`; a ConfigMap `default/site`
 * labelled both `deploy=true` and `example.rxkube.io/deploy=true`; and a Deployment
 * `default/orphan` whose controller owner, the ConfigMap `gone`, does not exist, so that a
 * controller owning Deployments also reconciles a deleted ConfigMap.
 *
 * @returns the started server; the caller stops it
 */
export async function startDocsCluster(): Promise<FakeApiServer> {
  const server = await FakeApiServer.start({ bookmarkIntervalMs: 200, seed: 1 });
  const random = seededRandom(1);
  for (const namespace of ['shop', 'default'])
    for (let i = 0; i < 3; i++) {
      const pod = realisticPod({ namespace, name: `web-${i}`, random });
      pod.metadata = { ...pod.metadata, labels: { ...pod.metadata.labels, tier: 'web' } };
      server.create(pod);
    }
  server.create({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name: 'site',
      namespace: 'default',
      labels: { deploy: 'true', 'example.rxkube.io/deploy': 'true' },
    },
    data: { 'index.html': '<h1>hi</h1>' },
  });
  server.create({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name: 'orphan',
      namespace: 'default',
      ownerReferences: [
        { apiVersion: 'v1', kind: 'ConfigMap', name: 'gone', uid: 'gone', controller: true },
      ],
    },
    spec: {
      selector: { matchLabels: { app: 'orphan' } },
      template: {
        metadata: { labels: { app: 'orphan' } },
        spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] },
      },
    },
  });
  return server;
}
