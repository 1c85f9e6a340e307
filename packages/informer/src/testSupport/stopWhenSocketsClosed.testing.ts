import { eventually } from '@rxkube/devkit';
import type { FakeApiServer } from '@rxkube/testing';

/**
 * Waits until the clients a test stopped have closed every watch and connection to `server`,
 * then stops it: a test that leaks a socket fails here, with `eventually`'s typed timeout.
 *
 * @param server - the test's fake API server, its clients already stopped
 */
export async function stopWhenSocketsClosed(server: FakeApiServer): Promise<void> {
  await eventually(
    () => server.openWatches === 0 && server.openConnections === 0,
    'sockets to close',
  );
  await server.stop();
}
