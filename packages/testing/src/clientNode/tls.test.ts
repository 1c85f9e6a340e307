import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { FakeApiServer } from '../fakeApiServer.js';

test('client-node talks to a TLS server through the CA data in the kubeconfig', async () => {
  const server = await FakeApiServer.start({ tls: true });
  try {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const kc = new KubeConfig();
    kc.loadFromString(server.kubeConfigYaml());
    expect(kc.getCurrentCluster()?.caData).toBeTruthy();
    expect(kc.getCurrentCluster()?.skipTLSVerify).toBe(false);
    const core = kc.makeApiClient(CoreV1Api);
    await core.createNamespace({ body: { metadata: { name: 'secure' } } });
    const list = await core.listNamespace();
    expect(list.items.map((n) => n.metadata?.name)).toEqual(['secure']);
  } finally {
    await server.stop();
  }
});

test('a TLS client without the CA refuses the self-signed certificate', async () => {
  const server = await FakeApiServer.start({ tls: true });
  try {
    const kc = server.kubeConfig();
    kc.clusters[0] = { ...kc.clusters[0]!, caData: undefined };
    const error = await kc
      .makeApiClient(CoreV1Api)
      .listNamespace()
      .catch((e: unknown) => e);
    // client-node 1.x (node-fetch) says it in its message, 2.x (undici) in the cause's.
    const cause = (error as { cause?: unknown } | undefined)?.cause;
    expect(`${String(error)} ${String(cause)}`).toMatch(/self[- ]signed|certificate/i);
  } finally {
    await server.stop();
  }
});
