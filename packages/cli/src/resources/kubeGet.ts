import type { KubeConfig } from '@kubernetes/client-node';
import nodeFetch from 'node-fetch';
import { displayUrl } from '../view/displayUrl.js';

/** A request that never got an HTTP answer: refused, reset, DNS, TLS. Worth retrying. */
export class ConnectionFailure extends Error {
  /** What was asked for, without the user information the server URL may carry. */
  readonly url: string;

  /**
   * @param url - what was asked for
   * @param code - the system error code, e.g. `ECONNREFUSED`, when known
   * @param cause - the underlying error
   */
  constructor(
    url: string,
    readonly code: string | undefined,
    cause: unknown,
  ) {
    // HTTP libraries quote the request URL in their messages, credentials included.
    super(displayUrl(code ?? (cause instanceof Error ? cause.message : String(cause))), { cause });
    this.name = 'ConnectionFailure';
    this.url = displayUrl(url);
  }
}

/** The API server answered with an error status. */
export class HttpFailure extends Error {
  /**
   * @param status - the HTTP status
   * @param message - the Status message the server sent, or the status text
   */
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpFailure';
  }
}

/**
 * GETs a JSON document from the API server of a KubeConfig, with its credentials, TLS and proxy
 * settings (client-node's `applyToFetchOptions`, sent with `node-fetch` as client-node does).
 *
 * @param kubeConfig - the configuration (current context)
 * @param path - e.g. `/apis`
 * @returns the parsed body
 * @throws ConnectionFailure when no answer came; HttpFailure for a non-2xx answer
 */
export async function kubeGet(kubeConfig: KubeConfig, path: string): Promise<unknown> {
  const server = kubeConfig.getCurrentCluster()?.server ?? '';
  const url = server.replace(/\/+$/, '') + path;
  let response: Awaited<ReturnType<typeof nodeFetch>>;
  try {
    const init = (await kubeConfig.applyToFetchOptions({})) as Parameters<typeof nodeFetch>[1];
    response = await nodeFetch(url, { ...init, method: 'GET', timeout: 15_000 });
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    throw new ConnectionFailure(url, typeof code === 'string' ? code : undefined, err);
  }
  const text = await response.text();
  if (!response.ok) {
    let message = response.statusText;
    try {
      const status = JSON.parse(text) as { message?: unknown };
      if (typeof status.message === 'string') message = status.message;
    } catch {
      // Not a Status: keep the status text.
    }
    throw new HttpFailure(response.status, message);
  }
  return JSON.parse(text) as unknown;
}
