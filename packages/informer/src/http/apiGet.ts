import { ApiError, ConnectionError, type ApiVerb, type ErrorContext } from '../errors.js';
import { decodeStatus, looksLikeStatus } from '../decodeStatus.js';
import type { Status } from '../status.js';
import { concatBytes, utf8Bytes } from './bytes.js';

/** The part of a fetch `Response` the lister-watchers read. */
export interface FetchResponseLike {
  /** The HTTP status. */
  readonly status: number;
  /** The response headers (only `Retry-After` is read). */
  readonly headers: { get(name: string): string | null };
  /** The whole body as text (not read by the lister-watchers, which bound what they read). */
  text(): Promise<string>;
  /** The body's chunks, as bytes or text; null when there is none. */
  readonly body: AsyncIterable<Uint8Array | string> | null;
}

/**
 * Sends one GET of an API path through some transport (client-node's HTTP stack, the platform
 * `fetch`) and returns the answer, body unread. It throws whatever the transport throws.
 *
 * @internal
 */
export type SendApiGet = (
  path: string,
  query: URLSearchParams,
  signal: AbortSignal,
  accept: string,
) => Promise<FetchResponseLike>;

/** The `Accept` header of a request for whole objects. */
export const jsonAccept = 'application/json';

/** One list or watch request. */
export interface ApiGetRequest {
  readonly path: string;
  readonly query: URLSearchParams;
  readonly signal: AbortSignal;
  readonly verb: ApiVerb;
  readonly context: ErrorContext;
  /** The `Accept` header. Default {@link jsonAccept}. */
  readonly accept?: string | undefined;
}

/**
 * Sends a GET and returns the answer if it is a 200, turning every other outcome into the
 * informer's typed errors, whatever the transport.
 *
 * @param send - the transport
 * @param request - target, abort signal and error context
 * @returns the 200 response, body unread
 * @throws {@link ApiError} for any other status (with the server's Status and `Retry-After`);
 *   {@link ConnectionError} when the request could not be sent; the abort error when aborted
 * @internal
 */
export async function apiGet(send: SendApiGet, request: ApiGetRequest): Promise<FetchResponseLike> {
  const { verb, context, signal } = request;
  let response: FetchResponseLike;
  try {
    response = await send(request.path, request.query, signal, request.accept ?? jsonAccept);
  } catch (err) {
    if (signal.aborted) throw err;
    throw new ConnectionError(verb, context, err);
  }
  if (response.status === 200) return response;

  const text = await readErrorBody(response);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = truncatedStatus(text);
  }
  throw new ApiError(
    {
      code: response.status,
      status: errorStatus(body, text, response.status),
      retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
      verb,
      source: 'response',
    },
    context,
  );
}

/**
 * The Status of an error answer. A body that is not a Status, or one with a field of the wrong
 * type, is quoted as the message (its start, as client-go quotes a body it cannot decode): the
 * answer's HTTP code still says what failed (a 410 still means relist, a 429 still slows down),
 * where a decode error would lose that.
 *
 * @param body - the body, parsed (or the Status of a cut one)
 * @param text - the body as text
 * @param code - the HTTP status
 * @returns a typed Status
 */
function errorStatus(body: unknown, text: string, code: number): Status {
  const decoded = looksLikeStatus(body) ? decodeStatus(body) : undefined;
  if (decoded?.status !== undefined) return decoded.status;
  const quoted = text.slice(0, 200) || `HTTP ${code}`;
  return {
    message: decoded === undefined ? quoted : `undecodable Status (${decoded.problem}): ${quoted}`,
  };
}

/**
 * How much of an error answer's body is read: a `Status` is a few hundred bytes; anything
 * longer is not one, and only its start is quoted.
 */
export const maxErrorBodyBytes = 64 * 1024;

/**
 * Reads an error answer's body up to {@link maxErrorBodyBytes}, then releases the rest (the
 * iterator's `return` cancels the stream): a misbehaving server or proxy answering 500 with an
 * endless body costs a bounded buffer, not memory without end.
 *
 * @returns the body's start as text; empty when it cannot be read
 */
async function readErrorBody(response: FetchResponseLike): Promise<string> {
  if (response.body === null) return '';
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body) {
      const bytes = utf8Bytes(chunk);
      parts.push(bytes);
      size += bytes.length;
      if (size >= maxErrorBodyBytes) break;
    }
  } catch {
    // A body cut short still says what it said so far.
  }
  return new TextDecoder().decode(concatBytes(parts).subarray(0, maxErrorBodyBytes));
}

/**
 * The Status of an answer cut at {@link maxErrorBodyBytes}: its message up to the cut (escapes
 * decoded, an escape cut in two dropped), and its reason and code if they came before it.
 *
 * @returns the Status, or undefined when the text has no message field
 */
function truncatedStatus(text: string): Status | undefined {
  const field = '"message":"';
  const start = text.indexOf(field);
  if (start < 0) return undefined;
  const rest = text.slice(start + field.length);
  // The message ends at its closing quote, or where the body was cut; never inside an escape.
  let complete = 0;
  for (let i = 0; i < rest.length && rest[i] !== '"'; complete = i) {
    const length = rest[i] !== '\\' ? 1 : rest[i + 1] === 'u' ? 6 : 2;
    if (i + length > rest.length) break;
    i += length;
  }
  let message: unknown;
  try {
    message = JSON.parse(`"${rest.slice(0, complete)}"`);
  } catch {
    return undefined;
  }
  const reason = /"reason":"([A-Za-z]+)"/.exec(text)?.[1];
  const code = /"code":(\d{3})\b/.exec(text)?.[1];
  return {
    kind: 'Status',
    message: String(message),
    ...(reason === undefined ? {} : { reason }),
    ...(code === undefined ? {} : { code: Number(code) }),
  };
}

function parseRetryAfter(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}
