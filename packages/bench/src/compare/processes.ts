/**
 * Forking the server process and contender processes, each with an RPC channel.
 */
import { type ChildProcess, fork } from 'node:child_process';
import type { Connection, ContenderName } from './contender.js';
import type { InitParams } from './contenderProcess.js';
import { RpcClient } from './rpc.js';
import type { ServerPool } from './serverPool.js';

const here = new URL('.', import.meta.url);
const live = new Set<ChildProcess>();

function track(child: ChildProcess): ChildProcess {
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

/** Kills every process this module forked that is still running (after a failure). */
export function killForked(): void {
  for (const child of live) child.kill('SIGKILL');
}

/**
 * @param extraArgs - extra Node flags (e.g. `--cpu-prof`)
 * @param name - for error messages
 * @param entry - the process's entry file, beside this one
 * @returns the server process, once started
 */
export function forkServer(
  extraArgs: readonly string[],
  name = 'server',
  entry = 'serverProcess.js',
): RpcClient {
  const child = track(
    fork(new URL(entry, here), [], {
      execArgv: ['--expose-gc', '--max-old-space-size=8192', ...extraArgs],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  return new RpcClient(child, name);
}

/** A contender process with its connection to the server. */
export interface ContenderProcess {
  readonly name: ContenderName;
  readonly rpc: RpcClient;
  /** The server-side proxy id of this process's connection. */
  readonly proxyId: number;
}

/**
 * Opens a proxy on `dataset`, forks a process for `name` and initialises it.
 *
 * @param server - the server process
 * @param dataset - dataset name
 * @param name - contender
 * @param options - slow handler, extra Node flags
 * @returns the initialised process
 */
export async function forkContender(
  server: ServerPool,
  dataset: string,
  name: ContenderName,
  options: { slowHandler?: boolean; track?: boolean; extraArgs?: readonly string[] } = {},
): Promise<ContenderProcess> {
  const { id, url, token } = await server.call<{ id: number; url: string; token: string }>(
    'connect',
    { dataset },
  );
  const connection: Connection = { url, token };
  const child = track(
    fork(new URL('contenderProcess.js', here), [], {
      // Big enough for the slow consumer's backlog of 100,000 parsed pods.
      execArgv: ['--expose-gc', '--max-old-space-size=8192', ...(options.extraArgs ?? [])],
      // Contenders run as deployed: for rxkube this turns off deep-freezing (a development check).
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const rpc = new RpcClient(child, name);
  await rpc.call('init', {
    contender: name,
    connection,
    slowHandler: options.slowHandler,
    track: options.track,
  } satisfies InitParams);
  return { name, rpc, proxyId: id };
}

/**
 * Stops a process that waits its turn (SIGSTOP): an idle Node process still collects garbage
 * now and then (V8's memory reducer), which would share the cores with the contender being
 * timed. Its sockets stay open; it carries on where it was after {@link resumeContender}.
 *
 * @param process - the contender process
 */
export function pauseContender(process: ContenderProcess): void {
  process.rpc.child.kill('SIGSTOP');
}

/** @param process - a contender process, paused or not: it runs again */
export function resumeContender(process: ContenderProcess): void {
  process.rpc.child.kill('SIGCONT');
}

/**
 * Ends a contender process and closes its proxy.
 *
 * @param server - the server process
 * @param dataset - dataset name
 * @param process - the contender process
 */
export async function closeContender(
  server: ServerPool,
  dataset: string,
  process: ContenderProcess,
): Promise<void> {
  resumeContender(process);
  await process.rpc.close();
  await server.call('disconnect', { dataset, id: process.proxyId });
}

/**
 * Ends contender processes and closes their proxies, all at once: nothing is timed while they
 * exit, and a process that held a large cache takes a while to give its memory back.
 *
 * @param server - the server process
 * @param dataset - dataset name
 * @param processes - the contender processes
 */
export async function closeContenders(
  server: ServerPool,
  dataset: string,
  processes: readonly ContenderProcess[],
): Promise<void> {
  await Promise.all(processes.map((process) => closeContender(server, dataset, process)));
}

/**
 * @param items - the contenders
 * @param rep - repetition number
 * @returns `items` rotated by `rep`, so each runs first, second, … in turn
 */
export function rotate<T>(items: readonly T[], rep: number): T[] {
  const shift = rep % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}
