import type { ChildProcess } from 'node:child_process';

/**
 * @typeParam T - what the child sends
 * @param proc - a forked child that answers with one IPC message
 * @returns that message; rejected if the child exits with a failure first
 */
export function childReply<T>(proc: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    proc.once('message', (message) => resolve(message as T));
    proc.once('exit', (code) => code !== 0 && reject(new Error(`exit ${code}`)));
  });
}
