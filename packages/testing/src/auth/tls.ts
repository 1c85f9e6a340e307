/** A server key pair and its self-signed certificate, PEM-encoded. */
export interface TlsMaterial {
  readonly key: string;
  readonly cert: string;
}

/**
 * Generates a short-lived self-signed certificate for `127.0.0.1`/`localhost`. The library is
 * loaded only here so servers without TLS never pay for it.
 *
 * @param host - the address the server listens on (added as an IP or DNS subject alt name).
 * @returns key and certificate.
 */
export async function generateTlsMaterial(host: string): Promise<TlsMaterial> {
  const { generate } = await import('selfsigned');
  const isIp = /^[\d.]+$/.test(host) || host.includes(':');
  const now = Date.now();
  const pems = await generate([{ name: 'commonName', value: host }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now - 60_000),
    notAfterDate: new Date(now + 24 * 3600_000),
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          ...(host !== '127.0.0.1'
            ? [isIp ? { type: 7 as const, ip: host } : { type: 2 as const, value: host }]
            : []),
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}
