import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * Closes a listening server and every connection it has, waits, and listens again on the same
 * address and port: what clients see when an API server restarts behind a stable address.
 *
 * @param server - the listening server.
 * @param sockets - its open connections (destroyed).
 * @param downtimeMs - how long the port refuses connections.
 * @param resume - asked after the downtime; false (the server was stopped meanwhile) leaves it closed.
 * @returns once the server listens again (or stays closed).
 */
export async function restartListener(
  server: Server,
  sockets: ReadonlySet<Socket>,
  downtimeMs: number,
  resume: () => boolean,
): Promise<void> {
  const { address, port } = server.address() as AddressInfo;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  for (const socket of sockets) socket.destroy();
  await closed;
  if (downtimeMs > 0) await new Promise((resolve) => setTimeout(resolve, downtimeMs));
  if (!resume()) return;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
