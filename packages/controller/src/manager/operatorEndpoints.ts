import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MetricsExporter } from '../metrics/metricsExporter.js';

/** One readiness check and whether it passes now. */
export interface ReadinessCheck {
  /** What is checked, e.g. `informers synced`. */
  readonly name: string;
  /** Whether it passes. */
  readonly ok: boolean;
}

/** What {@link serveOperatorEndpoints} serves. */
export interface OperatorEndpointsOptions {
  /** The port; 0 picks a free one. */
  readonly port: number;
  /** The address to listen on; default: every interface. */
  readonly host?: string;
  /** The readiness checks, asked at every `/readyz`. */
  readonly readiness: () => readonly ReadinessCheck[];
  /** Where `/metrics` reads from; without it, `/metrics` is 404. */
  readonly metrics?: MetricsExporter;
}

/** A listening endpoint server. */
export interface OperatorEndpoints {
  /** Where it listens. */
  readonly address: AddressInfo;
  /**
   * Stops listening and closes every connection, idle or not.
   *
   * @returns a promise resolved once the server is closed
   */
  close(): Promise<void>;
}

/**
 * An operator's HTTP endpoints, as controller-runtime serves them: `/healthz` (200 while the
 * process serves), `/readyz` (200 when every check passes, 500 otherwise; the body lists the
 * checks as `[+]name ok` or `[-]name failed`) and `/metrics` (the exporter's scrape).
 *
 * @param options - port, host, checks and metrics
 * @returns the server, once it listens
 * @throws the listen error (a port in use, say)
 */
export async function serveOperatorEndpoints(
  options: OperatorEndpointsOptions,
): Promise<OperatorEndpoints> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const send = (status: number, body: string, contentType = 'text/plain; charset=utf-8') => {
      response.writeHead(status, { 'Content-Type': contentType });
      response.end(body);
    };
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return send(405, 'method not allowed\n');
    switch (path) {
      case '/healthz':
        return send(200, 'ok\n');
      case '/readyz': {
        const checks = options.readiness();
        const ok = checks.every((check) => check.ok);
        const lines = checks.map(
          (check) => `[${check.ok ? '+' : '-'}]${check.name} ${check.ok ? 'ok' : 'failed'}\n`,
        );
        return send(ok ? 200 : 500, `${lines.join('')}readyz check ${ok ? 'passed' : 'failed'}\n`);
      }
      case '/metrics':
        if (options.metrics === undefined) return send(404, 'metrics are not exported\n');
        return void options.metrics.scrape().then(
          ({ contentType, body }) => send(200, body, contentType),
          (error: unknown) => send(500, `metrics failed: ${String(error)}\n`),
        );
      default:
        return send(404, 'not found\n');
    }
  });
  await listen(server, options.port, options.host);
  return {
    address: server.address() as AddressInfo,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function listen(server: Server, port: number, host: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
