/** Seconds, as `Retry-After` gives them (RFC 9110: a non-negative integer). */
const delaySeconds = /^\d{1,10}$/;

/** An IMF-fixdate, the HTTP-date senders must use: `Sun, 06 Nov 1994 08:49:37 GMT`. */
const httpDate =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * The API server's `Retry-After` when it is one (a number of seconds or an HTTP-date), else
 * nothing: the header is relayed only in a form that can carry no other text (an echoed
 * credential, a page's markup).
 *
 * @param value - the header as the API server sent it
 * @returns the value to relay, or undefined to relay none
 */
export function validRetryAfter(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return delaySeconds.test(trimmed) || httpDate.test(trimmed) ? trimmed : undefined;
}
