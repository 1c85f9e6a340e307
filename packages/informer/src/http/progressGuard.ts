import { timerDelay } from '../timerDelay.js';
import { BodyStreamError, forEachChunk } from './forEachChunk.js';
import { utf8Bytes } from './bytes.js';

/**
 * Runs a request that must keep making progress: when `idleMs` passes without a call to
 * `progress` (no answer yet, or no byte of the body), the request is aborted and `onIdle`'s
 * error thrown. This is how an answer cut off mid-body is noticed: node-fetch 2 ends neither
 * the body nor `text()` when the connection of a `Content-Length` answer closes early, so the
 * request would otherwise wait forever.
 *
 * @typeParam R - the request's result
 * @param outer - the caller's abort signal; aborting it aborts the request (its own error thrown)
 * @param idleMs - the longest silence allowed; 0 or less disables the guard
 * @param onIdle - builds the error for a request that went silent
 * @param run - the request, given the signal to pass on and `progress` to call on each chunk
 * @returns what `run` returns
 */
export async function guardProgress<R>(
  outer: AbortSignal,
  idleMs: number,
  onIdle: () => Error,
  run: (signal: AbortSignal, progress: () => void) => Promise<R>,
): Promise<R> {
  const local = new AbortController();
  let idle = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const progress = (): void => {
    if (idleMs <= 0) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      idle = true;
      local.abort();
    }, timerDelay(idleMs));
  };
  const forward = (): void => local.abort(outer.reason);
  if (outer.aborted) forward();
  else outer.addEventListener('abort', forward, { once: true });
  progress();
  try {
    return await run(local.signal, progress);
  } catch (err) {
    if (idle && !outer.aborted) throw onIdle();
    throw err;
  } finally {
    clearTimeout(timer);
    outer.removeEventListener('abort', forward);
  }
}

/**
 * Reads a whole body into `reader`, calling `progress` on every chunk.
 *
 * @param body - the body's chunks
 * @param progress - called after each chunk
 * @param reader - takes the body's bytes
 */
export async function readBody(
  body: AsyncIterable<Uint8Array | string>,
  progress: () => void,
  reader: { push(chunk: Uint8Array): void },
): Promise<void> {
  try {
    await forEachChunk(body, (chunk) => {
      progress();
      reader.push(utf8Bytes(chunk));
      return true;
    });
  } catch (err) {
    // The stream's own error, as reading it would have thrown.
    throw err instanceof BodyStreamError ? err.cause : err;
  }
}
