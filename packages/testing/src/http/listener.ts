import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * Starts listening and keeps `sockets` up to date with the server's open connections, so they
 * can all be destroyed on stop or restart.
 *
 * @param server - the server.
 * @param sockets - filled and emptied as connections open and close.
 * @param port - the port (0 for an ephemeral one).
 * @param host - the address to bind.
 * @returns the bound address, once listening.
 */
export function listenTracked(
  server: Server,
  sockets: Set<Socket>,
  port: number,
  host: string,
): Promise<AddressInfo> {
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return listen(server, port, host);
}

/**
 * Stops accepting connections, destroys every open one and waits until all are closed.
 *
 * @param server - the listening server.
 * @param sockets - its open connections, as tracked by {@link listenTracked}.
 * @returns once the listening socket and every connection are closed.
 */
export async function closeListener(server: Server, sockets: ReadonlySet<Socket>): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  const gone = [...sockets].map(
    (socket) =>
      new Promise<void>((resolve) => {
        if (socket.destroyed && !sockets.has(socket)) resolve();
        else socket.once('close', () => resolve());
        socket.destroy();
      }),
  );
  await Promise.all([closed, ...gone]);
}

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
  await closeListener(server, sockets);
  if (downtimeMs > 0) await new Promise((resolve) => setTimeout(resolve, downtimeMs));
  if (!resume()) return;
  await listen(server, port, address);
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}
