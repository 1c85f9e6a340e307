/**
 * Entry of a whole-body server process (one per dataset, forked through `ServerPool`), driven by
 * the orchestrator over IPC with the methods the scenario helpers call on the fake server's
 * process (`connect`, `state`, `modify`, `release`, …), so the same helpers drive both.
 */
import type { ExpectedEntry } from './convergence.js';
import type { DatasetSpec } from './dataset.js';
import { serveRpc } from './rpc.js';
import { WholeBodyData } from './wholeBodyData.js';
import { WholeBodyServer } from './wholeBodyServer.js';

process.on('disconnect', () => process.exit(1));

let server: WholeBodyServer | undefined;
let dataset = '';

function current(name: string): WholeBodyServer {
  if (server === undefined || name !== dataset) throw new Error(`no dataset ${name}`);
  return server;
}

serveRpc({
  /**
   * Builds the dataset and encodes its list answer and `events` MODIFIED events (the process
   * holds one dataset).
   */
  start(params: { spec: DatasetSpec; seed: number; events?: number }) {
    if (server !== undefined) throw new Error('a whole-body server process holds one dataset');
    server = new WholeBodyServer(new WholeBodyData(params.spec, params.seed, params.events ?? 0));
    dataset = params.spec.name;
    (globalThis as { gc?: () => void }).gc?.();
    return { listBytes: server.data.list.length, eventBytes: server.data.events.bytes.length };
  },

  connect(params: { dataset: string }) {
    return current(params.dataset).connect();
  },

  disconnect(params: { dataset: string; id: number }) {
    return current(params.dataset).disconnect(params.id);
  },

  state(params: { dataset: string }): ExpectedEntry[] {
    return current(params.dataset).data.state();
  },

  /** Nothing to record: every list is answered from the bytes encoded at start. */
  prefetch(params: { dataset: string }) {
    current(params.dataset);
    return {};
  },

  /** @returns no list request ever costs this server more than a write */
  misses(params: { dataset: string }): string[] {
    current(params.dataset);
    return [];
  },

  /** Live events: commits the next `count` and releases every connection. */
  modify(params: { dataset: string; count: number }): ExpectedEntry[] {
    const target = current(params.dataset);
    const changes = target.data.commit(params.count);
    target.releaseAll();
    return changes;
  },

  /** Commits the next `count` events; connections get them when released one by one. */
  commit(params: { dataset: string; count: number }): ExpectedEntry[] {
    return current(params.dataset).data.commit(params.count);
  },

  release(params: { dataset: string; id: number }) {
    current(params.dataset).release(params.id);
    return {};
  },

  async exit() {
    await server?.stop();
    setImmediate(() => process.exit(0));
    return {};
  },
});
