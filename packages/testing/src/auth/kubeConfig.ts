import { KubeConfig } from '@kubernetes/client-node';

/** How a client reaches a fake server. */
export interface ClusterAccess {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** The bearer token. */
  readonly token: string;
  /** PEM of the server's self-signed certificate, when serving TLS. */
  readonly caPem: string | undefined;
}

const name = 'rxkube-fake';

/**
 * A client-node `KubeConfig` with one cluster, user and context pointing at the server. Plain
 * HTTP needs `skipTLSVerify`, which client-node requires for `http:` servers; with TLS the
 * certificate is trusted through `caData`, so the client's real TLS path runs.
 *
 * @param access - URL, token and CA.
 * @returns the KubeConfig, its current context set.
 */
export function buildKubeConfig(access: ClusterAccess): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [
      access.caPem === undefined
        ? { name, server: access.url, skipTLSVerify: true }
        : {
            name,
            server: access.url,
            skipTLSVerify: false,
            caData: Buffer.from(access.caPem).toString('base64'),
          },
    ],
    users: [{ name, token: access.token }],
    contexts: [{ name, cluster: name, user: name, namespace: 'default' }],
    currentContext: name,
  });
  return kc;
}

/**
 * The same configuration as kubeconfig file text, for tools that read `KUBECONFIG`.
 *
 * @param access - URL, token and CA.
 * @returns YAML text.
 */
export function buildKubeConfigYaml(access: ClusterAccess): string {
  // JSON strings are valid YAML double-quoted scalars, so quoting needs no YAML library.
  const q = (value: string): string => JSON.stringify(value);
  const tls =
    access.caPem === undefined
      ? '    insecure-skip-tls-verify: true\n'
      : `    certificate-authority-data: ${q(Buffer.from(access.caPem).toString('base64'))}\n`;
  return [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    `- name: ${q(name)}`,
    '  cluster:',
    `    server: ${q(access.url)}`,
    tls.trimEnd(),
    'users:',
    `- name: ${q(name)}`,
    '  user:',
    `    token: ${q(access.token)}`,
    'contexts:',
    `- name: ${q(name)}`,
    '  context:',
    `    cluster: ${q(name)}`,
    `    user: ${q(name)}`,
    '    namespace: "default"',
    `current-context: ${q(name)}`,
    '',
  ].join('\n');
}
