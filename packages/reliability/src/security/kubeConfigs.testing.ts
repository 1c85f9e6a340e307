import { KubeConfig } from '@kubernetes/client-node';

/** A client certificate and key, PEM-encoded. */
export interface ClientCredentials {
  readonly cert: string;
  readonly key: string;
}

/**
 * A self-signed client certificate and its key, as a kubeconfig's `client-certificate-data` and
 * `client-key-data` would carry them.
 *
 * @returns the PEMs.
 */
export async function clientCredentials(): Promise<ClientCredentials> {
  const { generate } = await import('selfsigned');
  const pems = await generate([{ name: 'commonName', value: 'rxkube-client' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
  });
  return { cert: pems.cert, key: pems.private };
}

/** Options of {@link kubeConfigFor}. */
export interface KubeConfigOptions {
  readonly server: string;
  readonly token?: string;
  /** CA certificate (PEM) to trust. */
  readonly caPem?: string;
  readonly skipTLSVerify?: boolean;
  readonly client?: ClientCredentials;
}

/**
 * Builds a KubeConfig the way a kubeconfig file would describe it.
 *
 * @param options - server, credentials and TLS settings.
 * @returns the loaded KubeConfig.
 */
export function kubeConfigFor(options: KubeConfigOptions): KubeConfig {
  const kc = new KubeConfig();
  const b64 = (pem: string) => Buffer.from(pem).toString('base64');
  kc.loadFromOptions({
    clusters: [
      {
        name: 'c',
        server: options.server,
        skipTLSVerify: options.skipTLSVerify ?? false,
        ...(options.caPem === undefined ? {} : { caData: b64(options.caPem) }),
      },
    ],
    users: [
      {
        name: 'u',
        ...(options.token === undefined ? {} : { token: options.token }),
        ...(options.client === undefined
          ? {}
          : { certData: b64(options.client.cert), keyData: b64(options.client.key) }),
      },
    ],
    contexts: [{ name: 'x', cluster: 'c', user: 'u' }],
    currentContext: 'x',
  });
  return kc;
}
