import { FakeApiServer } from '@rxkube/testing';

/**
 * Starts a fake API server before each test of the calling file and stops it after, checking
 * that the test left no connection open.
 *
 * @param use - receives each test's server
 */
export function fakeServerPerTest(use: (server: FakeApiServer) => void): void {
  let server: FakeApiServer | undefined;
  beforeEach(async () => {
    server = await FakeApiServer.start();
    use(server);
  });
  afterEach(async () => {
    await server?.stop();
    expect(server?.openConnections).toBe(0);
  });
}
