import type { LeaseVerb } from './errors.js';
import { LeaseApiError } from './errors.js';
import { apiStatus } from '../resources/apiStatus.js';

// Statuses a later attempt can succeed after: lost races (409), a Lease deleted under us or a
// namespace not created yet (404), throttling and server-side trouble.
const transientCodes = new Set([404, 408, 409, 429, 500, 502, 503, 504]);

/**
 * Classifies whatever a Lease request threw. An error with a numeric `code` (client-node's
 * `ApiException`) is an HTTP answer; anything else means no answer arrived (connection refused
 * or reset, DNS, TLS) and counts as transient.
 *
 * @param verb - the request.
 * @param lock - `namespace/name` of the Lease.
 * @param error - what it threw.
 * @returns the typed error.
 */
export function toLeaseApiError(verb: LeaseVerb, lock: string, error: unknown): LeaseApiError {
  if (error instanceof LeaseApiError) return error;
  const { code, reason } = apiStatus(error);
  if (code === undefined) return new LeaseApiError(verb, lock, undefined, undefined, true, error);
  const transient = transientCodes.has(code) || code >= 500;
  return new LeaseApiError(verb, lock, code, reason, transient, error);
}
