import { FakeApiServer } from '@rxkube/testing';
import { ObjectApi } from './objectApi.js';

/** A fake API server and an {@link ObjectApi} on it, fresh for every test of the file. */
export interface ObjectServer {
  server: FakeApiServer;
  client: ObjectApi;
}

/**
 * Starts a fake API server before each test of the calling file and stops it after.
 *
 * @returns the current test's server and client (read them inside tests)
 */
export function objectServerPerTest(): ObjectServer {
  const current = {} as ObjectServer;
  beforeEach(async () => {
    current.server = await FakeApiServer.start();
    current.client = ObjectApi.makeApiClient(current.server.kubeConfig());
  });
  afterEach(() => current.server.stop());
  return current;
}
