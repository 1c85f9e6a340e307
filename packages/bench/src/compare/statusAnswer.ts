import type { ServerResponse } from 'node:http';

/** What a `Status` answer may carry besides its code and reason. */
export interface StatusDetails {
  /** A human-readable description of the failure. */
  readonly message?: string;
  /** The object and the causes the failure is about. */
  readonly details?: object;
}

/**
 * Answers a request with a Kubernetes `Status` failure, as kube-apiserver does: the bench's
 * own servers (the whole-body server, the sync probe's) answer every refusal this way.
 *
 * @param res - the response to answer
 * @param code - the HTTP status, also the Status's `code`
 * @param reason - the Status's `reason` (`NotFound`, `Invalid`…)
 * @param extra - its `message` and `details`, when there are any
 */
export function answerStatus(
  res: ServerResponse,
  code: number,
  reason: string,
  extra: StatusDetails = {},
): void {
  res.writeHead(code, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: extra.message,
      reason,
      details: extra.details,
      code,
    }),
  );
}
