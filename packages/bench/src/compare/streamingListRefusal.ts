import type { ServerResponse } from 'node:http';
import { answerStatus } from './statusAnswer.js';

/**
 * @param url - a request's URL
 * @returns whether it asks for a streaming list (a watch with `sendInitialEvents`), which the
 *   bench's own servers do not serve
 */
export function isStreamingList(url: URL): boolean {
  const value = url.searchParams.get('sendInitialEvents');
  return value !== null && value !== '0' && value.toLowerCase() !== 'false';
}

/**
 * Refuses a streaming list as kube-apiserver does when its `WatchList` gate is off: 422
 * `Invalid` at once. Holding the request as an ordinary watch instead would leave a client
 * waiting for an initial-events-end bookmark that never comes, so a client that streams by
 * default (the informer) pays one refused request before it lists, never a timeout.
 *
 * @param res - the response to answer
 */
export function refuseStreamingList(res: ServerResponse): void {
  answerStatus(res, 422, 'Invalid', {
    message:
      'ListOptions.meta.k8s.io "" is invalid: sendInitialEvents: Forbidden: sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled',
    details: {
      group: 'meta.k8s.io',
      kind: 'ListOptions',
      causes: [
        {
          reason: 'FieldValueForbidden',
          message:
            'Forbidden: sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled',
          field: 'sendInitialEvents',
        },
      ],
    },
  });
}
