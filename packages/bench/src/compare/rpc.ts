/**
 * Request/response over Node's IPC channel between the orchestrating process and the processes
 * it forks (the server process and one process per contender and repetition).
 */
import type { ChildProcess } from 'node:child_process';

interface RpcRequest {
  readonly rpc: 'request';
  readonly id: number;
  readonly method: string;
  readonly params: unknown;
}

interface RpcResponse {
  readonly rpc: 'response';
  readonly id: number;
  readonly result?: unknown;
  readonly error?: string;
}

/** Methods a forked process serves: each takes JSON-serialisable params. */
type RpcHandlers = Record<string, (params: never) => unknown>;

/**
 * Serves `handlers` on this process's IPC channel (the forked side).
 *
 * @param handlers - one function per method; may be async; errors are sent back as messages
 */
export function serveRpc(handlers: RpcHandlers): void {
  const send = process.send?.bind(process);
  if (send === undefined) throw new Error('serveRpc needs an IPC channel (run me with fork())');
  process.on('message', (message: RpcRequest) => {
    if (message?.rpc !== 'request') return;
    const handler = handlers[message.method] as ((params: unknown) => unknown) | undefined;
    Promise.resolve()
      .then(() => {
        if (handler === undefined) throw new Error(`unknown method ${message.method}`);
        return handler(message.params);
      })
      .then(
        (result) => send({ rpc: 'response', id: message.id, result } satisfies RpcResponse),
        (err: unknown) =>
          send({
            rpc: 'response',
            id: message.id,
            error: err instanceof Error ? (err.stack ?? err.message) : String(err),
          } satisfies RpcResponse),
      );
  });
}

/** The calling side of {@link serveRpc}, bound to one forked process. */
export class RpcClient {
  private next = 1;
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (err: Error) => void }
  >();

  /**
   * @param child - a process forked with an IPC channel that calls {@link serveRpc}
   * @param name - used in error messages
   */
  constructor(
    readonly child: ChildProcess,
    private readonly name: string,
  ) {
    child.on('message', (message: RpcResponse) => {
      if (message?.rpc !== 'response') return;
      const waiting = this.pending.get(message.id);
      if (waiting === undefined) return;
      this.pending.delete(message.id);
      if (message.error !== undefined) {
        waiting.reject(new Error(`${this.name}: ${message.error}`));
      } else {
        waiting.resolve(message.result);
      }
    });
    child.on('exit', (code, signal) => {
      // A crashed process (e.g. out of memory) must fail the run loudly, not hang it.
      for (const waiting of this.pending.values()) {
        waiting.reject(new Error(`${this.name} exited (code ${code}, signal ${signal})`));
      }
      this.pending.clear();
    });
  }

  /**
   * Calls a method of the forked process.
   *
   * @param method - method name
   * @param params - JSON-serialisable parameters
   * @returns the method's result
   */
  call<R>(method: string, params: unknown = {}): Promise<R> {
    const id = this.next++;
    return new Promise<R>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.child.send({ rpc: 'request', id, method, params } satisfies RpcRequest);
    });
  }

  /**
   * Asks the process to exit and waits until it has.
   *
   * @param method - the method that makes it exit
   */
  async close(method = 'exit'): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.call(method).catch(() => undefined);
    await exited;
  }
}
