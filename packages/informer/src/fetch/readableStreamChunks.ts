/**
 * The chunks of a `ReadableStream` as an async iterable, through the stream's reader. Streams
 * are async iterable themselves only in newer browsers (Chromium 124, Firefox 110; not Safari),
 * while `getReader()` works everywhere `fetch` streams do.
 *
 * When the consumer stops early, or the read fails, the stream is cancelled, so that its
 * connection is released rather than left paused with data waiting.
 *
 * @param stream - a response body
 * @returns its chunks, in order
 */
export async function* readableStreamChunks(
  stream: ReadableStream<Uint8Array>,
): AsyncGenerator<Uint8Array, void, undefined> {
  const reader = stream.getReader();
  let done = false;
  try {
    for (;;) {
      const step = await reader.read();
      if (step.done) {
        done = true;
        return;
      }
      yield step.value;
    }
  } finally {
    // A stream that errored or was aborted rejects the cancel too: nothing is left to release.
    if (!done) reader.cancel().catch(() => undefined);
  }
}
