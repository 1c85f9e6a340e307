import { inspect } from 'node:util';
import type { KubeConfig } from '@kubernetes/client-node';
import { SharedIndexInformer, type InformerError } from '@rxkube/informer';
import { listerWatcher } from '@rxkube/informer/node';
import type { KubeObject } from '@rxkube/store';
import nodeFetch from 'node-fetch';

/** An informer whose every output is recorded as text: logs at every level, errors in full. */
export interface RecordingInformer {
  readonly informer: SharedIndexInformer<KubeObject>;
  readonly errors: InformerError[];
  /** HTTP requests sent. */
  requests(): number;
  /** Everything printed or reported, as one text: log lines with their data, errors inspected deeply with their causes. */
  transcript(): string;
}

/**
 * Starts a pod informer that logs everything (debug included) into a transcript and counts
 * its HTTP requests.
 *
 * @param kubeConfig - where to connect, with which credentials.
 * @param options - namespace and backoff.
 * @returns the recording.
 */
export function startRecordingInformer(
  kubeConfig: KubeConfig,
  options: { namespace?: string; backoffMs?: number } = {},
): RecordingInformer {
  const lines: string[] = [];
  let requests = 0;
  const log =
    (level: string) =>
    (message: string, data?: unknown): void => {
      lines.push(`${level} ${message} ${inspect(data, { depth: 8 })}`);
    };
  const fetch = ((url: string, init: Record<string, unknown>) => {
    requests++;
    return nodeFetch(url, init as never);
  }) as never;
  const informer = new SharedIndexInformer<KubeObject>(
    listerWatcher(
      kubeConfig,
      { version: 'v1', plural: 'pods' },
      { namespace: options.namespace, fetch },
    ),
    {
      logger: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') },
      // List-then-watch: the tests pin the list's requests and messages. Streaming lists go
      // through the same HTTP core and error classes.
      reflector: {
        streamingList: false,
        ...(options.backoffMs === undefined ? {} : { backoff: { initialMs: options.backoffMs } }),
      },
    },
  );
  const errors: InformerError[] = [];
  informer.errors$.subscribe((error) => errors.push(error));
  informer.start();
  return {
    informer,
    errors,
    requests: () => requests,
    transcript: () =>
      [
        ...lines,
        ...errors.map((e) => `${e.message}\n${e.stack ?? ''}\n${inspect(e, { depth: 8 })}`),
        ...errors.map((e) => JSON.stringify(e)),
      ].join('\n'),
  };
}
