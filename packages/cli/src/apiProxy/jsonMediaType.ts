/** `application/json`, with any parameters (`;stream=watch`, `;as=Table;v=v1;g=meta.k8s.io`). */
const json = /^application\/json\s*(;|$)/i;

/**
 * The JSON media types of a client's `Accept` (a Table's included), or `application/json` when
 * it names none: what a redacting proxy asks the API server for, since it can redact JSON only
 * (protobuf, CBOR and YAML are never asked for).
 *
 * @param accept - the client's `Accept`, if any
 * @returns the `Accept` to send upstream
 */
export function jsonAccept(accept: string | undefined): string {
  const ranges = (accept ?? '')
    .split(',')
    .map((range) => range.trim())
    .filter((range) => json.test(range));
  return ranges.length === 0 ? 'application/json' : ranges.join(', ');
}

/**
 * @param contentType - an answer's `Content-Type`, if any
 * @returns whether the answer is JSON (a watch's stream of JSON events included)
 */
export function jsonContentType(contentType: string | string[] | undefined): boolean {
  return typeof contentType === 'string' && json.test(contentType.trim());
}
