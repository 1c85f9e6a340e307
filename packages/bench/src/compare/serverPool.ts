/**
 * The fake API servers, one process per dataset. Apart, a burst written to the 10,000-pod
 * dataset is not slowed by garbage collection over the 50,000-pod one (the fake server's cost
 * per write grows with its process's heap), and the datasets are built in parallel.
 */
import type { DatasetSpec } from './dataset.js';
import { forkServer } from './processes.js';
import type { RpcClient } from './rpc.js';

/** A call's parameters: every call names its dataset, which picks the process. */
type DatasetParams = { readonly dataset: string } & Record<string, unknown>;

/** See the module comment. */
export class ServerPool {
  private readonly servers = new Map<string, RpcClient>();

  /**
   * @param extraArgs - Node options for the server processes (e.g. `--cpu-prof`)
   * @param entry - the server processes' entry file (default: the fake API server's)
   */
  constructor(
    private readonly extraArgs: readonly string[],
    private readonly entry = 'serverProcess.js',
  ) {}

  /**
   * Forks one server process per dataset and fills them, in parallel.
   *
   * @param specs - the datasets
   * @param extra - more parameters of every process's `start` call
   */
  async start(
    specs: readonly DatasetSpec[],
    extra: Readonly<Record<string, unknown>> = {},
  ): Promise<void> {
    await Promise.all(
      specs.map((spec, i) => {
        const server = forkServer(this.extraArgs, `server ${spec.name}`, this.entry);
        this.servers.set(spec.name, server);
        return server.call('start', { ...extra, spec, seed: i + 1 });
      }),
    );
  }

  /**
   * Calls a method of the process that holds `params.dataset`.
   *
   * @param method - a method of `serverProcess.ts`
   * @param params - its parameters, with the dataset's name
   * @returns the method's result
   */
  call<R>(method: string, params: DatasetParams): Promise<R> {
    const server = this.servers.get(params.dataset);
    if (server === undefined) return Promise.reject(new Error(`no dataset ${params.dataset}`));
    return server.call<R>(method, params);
  }

  /** Stops every server process and waits until they have exited. */
  async close(): Promise<void> {
    await Promise.all([...this.servers.values()].map((server) => server.close()));
  }
}
