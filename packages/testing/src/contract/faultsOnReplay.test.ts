import { FakeApiServer } from '../fakeApiServer.js';
import { pod, RawClient } from './rawClient.testing.js';

let server: FakeApiServer;
beforeEach(async () => {
  server = await FakeApiServer.start({ seed: 3 });
});
afterEach(() => server.stop());

// A watch from an older resourceVersion first replays history; a fault armed for "after N
// events" counts those replayed events too, including N = 0.
test.each([0, 1])(
  'closeWatchAfter(%i) fires on a watch that starts by replaying history',
  async (after) => {
    const from = server.resourceVersion;
    for (const name of ['a', 'b', 'c']) server.create(pod('t', name));
    server.faults.closeWatchAfter(after);
    const w = await new RawClient(server).watch(`/api/v1/pods?watch=1&resourceVersion=${from}`);
    expect(await w.ended).toBe('eof');
    expect(w.events()).toHaveLength(after);
    expect(server.faults.count('closeWatch')).toBe(1);
  },
);
