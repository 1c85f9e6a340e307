import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest, failure, StatusError } from '../api/status.js';
import type { Status } from '../api/types.js';
import { stringifyJson } from '../json/stringifyJson.js';

/**
 * Writes a JSON response.
 *
 * @param res - the response.
 * @param code - HTTP status.
 * @param body - the JSON body.
 * @param headers - extra headers.
 */
export function sendJson(
  res: ServerResponse,
  code: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendJsonBody(res, code, stringifyJson(body) ?? 'null', headers);
}

/**
 * Writes a JSON response whose body is already serialised.
 *
 * @param res - the response.
 * @param code - HTTP status.
 * @param text - the body: JSON text, or its UTF-8 bytes.
 * @param headers - extra headers.
 */
export function sendJsonBody(
  res: ServerResponse,
  code: number,
  text: string | Buffer,
  headers: Record<string, string> = {},
): void {
  res.writeHead(code, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-cache, private',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/**
 * Writes a Status as the response, with `Retry-After` when the Status asks for a retry delay.
 *
 * @param res - the response.
 * @param status - the Status; its code is the HTTP status.
 */
export function sendStatus(res: ServerResponse, status: Status): void {
  const retry = status.details?.retryAfterSeconds;
  const headers: Record<string, string> = retry ? { 'Retry-After': String(retry) } : {};
  sendJson(res, status.code, status, headers);
}

/**
 * The Status for any error thrown while handling a request: a StatusError's own Status, or a
 * 500 `InternalError` for anything unexpected.
 *
 * @param error - what was thrown.
 * @returns the Status to send.
 */
export function statusOf(error: unknown): Status {
  if (error instanceof StatusError) return error.status;
  const message = error instanceof Error ? error.message : String(error);
  return failure(500, 'InternalError', `Internal error occurred: ${message}`);
}

/**
 * Reads a request body as text.
 *
 * @param req - the request.
 * @param maxBytes - the largest body accepted (kube-apiserver's limit is 3 MiB).
 * @returns the body.
 * @throws StatusError 413 for an oversized body, 400 for an empty one.
 */
export async function readBodyText(
  req: IncomingMessage,
  maxBytes = 3 * 1024 * 1024,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes)
      throw new StatusError(failure(413, 'RequestEntityTooLarge', 'Request entity too large'));
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') throw badRequest('the request body is empty');
  return text;
}

/**
 * Parses a JSON request body.
 *
 * @param text - the body.
 * @returns the parsed value, of any shape (a JSON patch is an array).
 * @throws StatusError 400 for text that is not JSON.
 */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw badRequest(
      `the body of the request was in an unknown format: ${(error as Error).message}`,
    );
  }
}

/**
 * Reads and parses a JSON request body that must be an object.
 *
 * @param req - the request.
 * @returns the parsed object.
 * @throws StatusError 400 for an empty, oversized or unparsable body, or one that is not an object.
 */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const value = parseJsonText(await readBodyText(req));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest('the body of the request must be a JSON object');
  }
  return value;
}
