import { isRecord } from '../json/jsonMembers.js';
import { redactCredentials } from '@rxkube/informer';
import { failureStatus, type KubeStatus } from './kubeStatus.js';
import type { TokenScrubber } from './tokenScrubber.js';

/** Causes of a Status relayed; kube-apiserver sends a handful. */
const maxCauses = 20;

/** A cause of an API server's failure, as `Status.details.causes` holds it. */
interface StatusCause {
  readonly type?: string;
  readonly message?: string;
  readonly field?: string;
}

/**
 * The API server's error as a Status for the client: its own when it sent one, else one made
 * for it that quotes the start of its body. Only a Status's known fields of the right type are
 * relayed (`message`, `reason`, `details` with `name`, `group`, `kind`, `uid`, `causes`,
 * `retryAfterSeconds`), so that an answer of any shape or depth relays as a plain Status, and
 * every string in it has the credentials the proxy sent removed by value (`scrubber`) and any
 * other credential-looking text by pattern (`redactCredentials`).
 *
 * @param code - the answer's status code (clients read it or the Status's; they agree)
 * @param body - the answer's body, read up to a bound
 * @param scrubber - the credentials of the request
 * @returns the Status to send
 */
export function upstreamStatus(code: number, body: string, scrubber: TokenScrubber): KubeStatus {
  const clean = (text: string) => redactCredentials(scrubber.scrub(text));
  let parsed: unknown;
  try {
    parsed = JSON.parse(scrubber.scrub(body));
  } catch {
    parsed = undefined;
  }
  if (isRecord(parsed) && parsed['kind'] === 'Status' && typeof parsed['message'] === 'string') {
    const reason = typeof parsed['reason'] === 'string' ? parsed['reason'] : undefined;
    const details = statusDetails(parsed['details'], clean);
    return {
      ...failureStatus(code, clean(parsed['message'])),
      ...(reason === undefined ? {} : { reason: clean(reason) }),
      ...(details === undefined ? {} : { details }),
    };
  }
  // Scrubbed before it is cut: a credential straddling the cut would leave its start behind.
  const text = scrubber.scrub(body).trim().slice(0, 200);
  return failureStatus(
    code,
    clean(`the API server answered ${code}${text === '' ? '' : `: ${text}`}`),
  );
}

/** The known fields of a Status's `details`, strings cleaned; undefined when none. */
function statusDetails(
  details: unknown,
  clean: (text: string) => string,
): KubeStatus['details'] | undefined {
  if (!isRecord(details)) return undefined;
  const kept: Record<string, unknown> = {};
  for (const name of ['name', 'group', 'kind', 'uid']) {
    const value = details[name];
    if (typeof value === 'string') kept[name] = clean(value);
  }
  const retry = details['retryAfterSeconds'];
  if (typeof retry === 'number' && Number.isFinite(retry)) kept['retryAfterSeconds'] = retry;
  const causes = details['causes'];
  if (Array.isArray(causes)) {
    kept['causes'] = causes
      .slice(0, maxCauses)
      .filter(isRecord)
      .map((cause) => {
        const out: Record<string, string> = {};
        for (const name of ['type', 'message', 'field'] as const) {
          const value = cause[name];
          if (typeof value === 'string') out[name] = clean(value);
        }
        return out as StatusCause;
      });
  }
  return Object.keys(kept).length === 0 ? undefined : (kept as KubeStatus['details']);
}
