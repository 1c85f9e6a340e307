import { Worker } from 'node:worker_threads';
import { KubeConfig } from '@kubernetes/client-node';
import type { FaultStep } from '../faults/faultPlan.js';
import type { CacheState } from '../scenario/eventLog.js';

/** What the soak's server thread is started with. */
export interface ServerThreadOptions {
  /** Pods loaded before the informers start. */
  readonly objects: number;
  /** Changes per second once the load starts. */
  readonly eventsPerSecond: number;
  readonly seed: number;
}

/** The server thread's counts. */
export interface SoakServerStats {
  /** Pods on the server now. */
  readonly objects: number;
  /** Changes made by the workload so far. */
  readonly changes: number;
  /** Changes the workload skipped because its thread could not keep up. */
  readonly skipped: number;
}

/** A call to the server thread. */
export interface ServerRequest {
  readonly id: number;
  readonly method: 'startLoad' | 'fault' | 'stopLoad' | 'stats' | 'expected' | 'stop';
  readonly params?: unknown;
}

type Reply = { id: number; result?: unknown; error?: string };

/**
 * The soak's fake API server with its workload, run in a worker thread (see `soakServer.ts`),
 * and called from the informers' thread.
 */
export class ServerThread {
  private nextId = 0;
  private readonly pending = new Map<number, (reply: Reply) => void>();
  /** Why calls fail once the thread has ended. */
  private ended: string | undefined;

  private constructor(
    private readonly worker: Worker,
    private readonly kubeConfigYaml: string,
  ) {
    worker.on('message', (reply: Reply) => {
      this.pending.get(reply.id)?.(reply);
      this.pending.delete(reply.id);
    });
    // A thread that ends answers nothing more: fail what waits rather than leave it pending,
    // which would end the process with an unsettled top-level await (exit code 13).
    worker.once('exit', (code) => {
      this.ended = `the server thread exited (code ${code}) before it answered`;
      for (const [id, settle] of this.pending) settle({ id, error: this.ended });
      this.pending.clear();
    });
  }

  /**
   * Starts the thread and waits until its server listens with its pods loaded.
   *
   * @param options - sizes, rate and seed.
   * @param script - the thread's module: `soakServer.js` beside this one, or a bundle of it.
   * @returns the running thread.
   */
  static start(
    options: ServerThreadOptions,
    script: URL | string = new URL('./soakServer.js', import.meta.url),
  ): Promise<ServerThread> {
    const worker = new Worker(script, { workerData: options });
    return new Promise((resolve, reject) => {
      worker.once('error', reject);
      worker.once('message', (message: { ready: string }) => {
        worker.off('error', reject);
        resolve(new ServerThread(worker, message.ready));
      });
    });
  }

  /**
   * A kubeconfig for the server (its own CA, a token).
   *
   * @returns a fresh KubeConfig.
   */
  kubeConfig(): KubeConfig {
    const config = new KubeConfig();
    config.loadFromString(this.kubeConfigYaml);
    return config;
  }

  /** @returns once the workload runs. */
  startLoad(): Promise<void> {
    return this.call('startLoad') as Promise<void>;
  }

  /**
   * @param step - the fault to inject.
   * @returns once it is in place.
   */
  fault(step: FaultStep): Promise<void> {
    return this.call('fault', step) as Promise<void>;
  }

  /** @returns once the workload is stopped and no fault remains armed. */
  stopLoad(): Promise<void> {
    return this.call('stopLoad') as Promise<void>;
  }

  /** @returns the thread's counts. */
  stats(): Promise<SoakServerStats> {
    return this.call('stats') as Promise<SoakServerStats>;
  }

  /** @returns what each informer variant should cache, by the server's current objects. */
  async expected(): Promise<CacheState[]> {
    const states = (await this.call('expected')) as [string, string][][];
    return states.map((entries) => new Map(entries));
  }

  /** @returns once the server is stopped and the thread has ended. */
  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    await this.call('stop');
    await exited;
  }

  /** @returns whether the thread is still running. */
  get running(): boolean {
    return this.ended === undefined;
  }

  private call(method: ServerRequest['method'], params?: unknown): Promise<unknown> {
    const id = this.nextId++;
    if (this.ended !== undefined) return Promise.reject(new Error(this.ended));
    return new Promise((resolve, reject) => {
      this.pending.set(id, (reply) =>
        reply.error === undefined ? resolve(reply.result) : reject(new Error(reply.error)),
      );
      this.worker.postMessage({ id, method, params } satisfies ServerRequest);
    });
  }
}
