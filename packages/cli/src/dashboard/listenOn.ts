import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { CliError } from '../errors/cliError.js';
import { ExitCode } from '../errors/exitCodes.js';

/** A server listening, with the connections it has open. */
interface Listening {
  /** Where it listens (the port chosen when 0 was asked for). */
  readonly address: AddressInfo;
  /** Stops listening and destroys every connection (watches and feeds never end by themselves). */
  close(): Promise<void>;
}

/**
 * Starts an HTTP server listening, turning the usual failures into errors that say what to do.
 *
 * @param server - the server, not yet listening
 * @param host - the address to bind
 * @param port - the port; 0 for a free one
 * @returns where it listens, and how to close it with its connections
 * @throws CliError (exit code 7) when the address cannot be bound
 */
export async function listenOn(server: Server, host: string, port: number): Promise<Listening> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new CliError(
          `cannot listen on ${host}:${port}: ${err.code === 'EADDRINUSE' ? 'the port is in use' : err.message}`,
          ExitCode.listen,
          err.code === 'EADDRINUSE'
            ? 'pick another one with --port (0 for any free port)'
            : undefined,
        ),
      ),
    );
    server.listen(port, host, resolve);
  });
  return {
    address: server.address() as AddressInfo,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
