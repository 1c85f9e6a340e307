import { fork, type ChildProcess } from 'node:child_process';
import type { ReconcileLog } from './reconcileIntervals.testing.js';
import {
  monotonicNow,
  type ReplicaCommand,
  type ReplicaConfig,
  type ReplicaMessage,
} from './replicaProtocol.testing.js';

/**
 * A replica of the sharded example operator in a Node.js process of its own (the bundle of
 * `operatorReplica.testing.ts`), its reconciles recorded in a shared {@link ReconcileLog}.
 */
export class ReplicaProcess {
  /** Resolves when the process has exited. */
  readonly exited: Promise<void>;
  /** What went wrong inside it. */
  readonly errors: string[] = [];
  /** How many reconciles it started. */
  reconciles = 0;
  private readonly child: ChildProcess;
  private readonly cacheAnswers: Array<
    (report: Extract<ReplicaMessage, { type: 'cache' }>) => void
  > = [];

  /**
   * @param bundle - the replica's bundled entry
   * @param config - what it runs
   * @param log - where its reconciles are recorded
   */
  constructor(
    bundle: string,
    readonly config: ReplicaConfig,
    private readonly log: ReconcileLog,
  ) {
    this.child = fork(bundle, [], {
      env: { ...process.env, REPLICA: JSON.stringify(config) },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.child.stderr?.on('data', (chunk: Buffer) => this.errors.push(chunk.toString()));
    this.child.on('message', (message: ReplicaMessage) => this.receive(message));
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
  }

  get identity(): string {
    return this.config.identity;
  }

  /** @returns the keys in its ConfigMaps cache */
  async cacheKeys(): Promise<readonly string[]> {
    return (await this.report()).keys;
  }

  /** @returns what it holds: its cache's keys and its ranges */
  report(): Promise<Extract<ReplicaMessage, { type: 'cache' }>> {
    if (!this.child.connected) return Promise.reject(new Error(`${this.identity} is gone`));
    return new Promise((resolve) => {
      this.cacheAnswers.push(resolve);
      this.command({ type: 'report' });
    });
  }

  /** Kills it with SIGKILL; its unfinished reconciles end, in the log, when it is gone. */
  async kill(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
    this.log.killed(this.identity, monotonicNow());
  }

  /** Stops it gracefully (controller, then membership), or kills it if it does not exit. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.command({ type: 'stop' });
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(timer);
  }

  private command(command: ReplicaCommand): void {
    if (this.child.connected) this.child.send(command);
  }

  private receive(message: ReplicaMessage): void {
    if (message.type === 'reconcile') {
      if (message.phase === 'start') this.reconciles += 1;
      this.log.record(this.identity, message.phase, message.key, message.at);
    } else if (message.type === 'cache') {
      this.cacheAnswers.shift()?.(message);
    } else {
      this.errors.push(message.message);
    }
  }
}
