import type { KubeConfig } from '@kubernetes/client-node';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import { redactCredentials } from '@rxkube/informer';
import { sentCredentials } from './sentCredentials.js';

/**
 * A request to the API server got no answer: the kubeconfig has no cluster, its credentials
 * could not be obtained (an exec plugin failed), or the connection failed (refused, reset,
 * DNS, TLS). Its message carries no credential ({@link redactCredentials}).
 */
export class UpstreamUnreachable extends Error {
  /**
   * @param code - the system error code (`ECONNREFUSED`), when there is one
   * @param cause - the underlying error
   */
  constructor(
    readonly code: string | undefined,
    cause: unknown,
  ) {
    super(redactCredentials(cause instanceof Error ? cause.message : String(cause)), { cause });
    this.name = 'UpstreamUnreachable';
  }
}

/** The API server's answer, and the credentials the request carried to it. */
export interface UpstreamAnswer {
  /** The answer, whatever its status, body unread. */
  readonly answer: IncomingMessage;
  /** What the request carried (`sentCredentials`): never to be relayed back. */
  readonly credentials: readonly string[];
}

/**
 * Sends a GET to the API server of a KubeConfig's current context, with that context's
 * credentials, TLS and proxy settings (client-node's `applyToHTTPSOptions`: auth headers, an
 * agent carrying the client certificate and CA), and nothing of the client's but `Accept`.
 * Node's own `http`/`https` rather than a fetch: the answer's bytes are relayed as they come
 * (no decompression, no re-encoding), and pausing the answer pauses the socket it comes from.
 *
 * @param kubeConfig - the configuration; its credentials are read per request, since token
 *   files and exec plugins rotate them
 * @param pathAndQuery - e.g. `/api/v1/pods?watch=1`, appended to the server URL (which may have
 *   a path of its own)
 * @param accept - the client's `Accept`, or JSON
 * @param signal - aborts the request, and its answer while it is read
 * @returns the answer, whatever its status, body unread, and the credentials sent
 * @throws UpstreamUnreachable when no answer came; the abort error when aborted
 */
export async function upstreamGet(
  kubeConfig: KubeConfig,
  pathAndQuery: string,
  accept: string | undefined,
  signal: AbortSignal,
): Promise<UpstreamAnswer> {
  let target: URL;
  const options: RequestOptions = {};
  try {
    const cluster = kubeConfig.getCurrentCluster();
    if (cluster === null) throw new Error('the kubeconfig has no current cluster');
    target = new URL(cluster.server.replace(/\/+$/, '') + pathAndQuery);
    await kubeConfig.applyToHTTPSOptions(options);
  } catch (err) {
    throw new UpstreamUnreachable(undefined, err);
  }
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(target, {
      ...options,
      method: 'GET',
      headers: { ...options.headers, Accept: accept ?? 'application/json' },
      signal,
    });
    const credentials = sentCredentials(options, target);
    request.on('response', (answer) => resolve({ answer, credentials }));
    // Stays attached: an abort or reset after the answer began must not be an unhandled error.
    request.on('error', (err: NodeJS.ErrnoException) =>
      reject(signal.aborted ? err : new UpstreamUnreachable(err.code, err)),
    );
    request.end();
  });
}
