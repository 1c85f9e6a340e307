/**
 * A failure of the body itself (the connection cut, the request aborted), as opposed to one
 * thrown by the chunk's consumer: {@link forEachChunk} rejects with it, carrying the stream's
 * error, so that callers can tell a dead connection from a bad event.
 *
 * @internal
 */
export class BodyStreamError extends Error {
  /** @param cause - what the stream failed with */
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'BodyStreamError';
  }
}

/** The parts of a Node.js readable stream (node-fetch's bodies) read in flowing mode. */
interface NodeReadable {
  on(event: string, listener: (...args: never[]) => void): unknown;
  off(event: string, listener: (...args: never[]) => void): unknown;
  destroy(): unknown;
  readonly readableEnded?: boolean;
}

function isNodeReadable(body: object): body is NodeReadable {
  const candidate = body as Partial<NodeReadable>;
  return typeof candidate.on === 'function' && typeof candidate.destroy === 'function';
}

/**
 * Hands each chunk of a response body to `take`, as it arrives, until the body ends, `take`
 * returns false (the body is then released) or throws (released, and the error rethrown).
 *
 * A Node.js stream (node-fetch's bodies) is read in flowing mode, each chunk handled in the
 * `data` event that delivers it. Its async iterator would read it in paused mode instead: a
 * chunk waits for a promise turn, the stream's buffer fills past its high-water mark while
 * the consumer works, and the socket is paused and resumed again and again (thousands of
 * times in a burst of watch events), which costs system calls and leaves the connection idle
 * while data waits on the sender's side. Other bodies (web streams, test doubles) are read
 * through their async iterator.
 *
 * @param body - the response body
 * @param take - handles one chunk; returns whether to go on reading
 * @returns once the body has ended, or `take` stopped it
 * @throws {@link BodyStreamError} when the body fails or closes before its end; what `take`
 *   throws, as it is
 * @internal
 */
export function forEachChunk(
  body: AsyncIterable<Uint8Array | string>,
  take: (chunk: Uint8Array | string) => boolean,
): Promise<void> {
  if (isNodeReadable(body)) return flowing(body, take);
  return iterated(body, take);
}

function flowing(
  stream: NodeReadable,
  take: (chunk: Uint8Array | string) => boolean,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void, release: boolean): void => {
      if (settled) return;
      settled = true;
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
      if (release) stream.destroy();
      outcome();
    };
    const onData = (chunk: Uint8Array | string): void => {
      let goOn: boolean;
      try {
        goOn = take(chunk);
      } catch (err) {
        settle(() => reject(err), true);
        return;
      }
      if (!goOn) settle(resolve, true);
    };
    const onEnd = (): void => settle(resolve, false);
    const onError = (err: unknown): void => settle(() => reject(new BodyStreamError(err)), false);
    // Closed without its end nor an error: cut short, as the async iterator reports it.
    const onClose = (): void => {
      if (stream.readableEnded === true) settle(resolve, false);
      else settle(() => reject(new BodyStreamError(new Error('premature close'))), false);
    };
    // Kept after settling: a stream released early may still report an error, which must not
    // go unhandled.
    stream.on('error', ignore);
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('close', onClose);
  });
}

async function iterated(
  body: AsyncIterable<Uint8Array | string>,
  take: (chunk: Uint8Array | string) => boolean,
): Promise<void> {
  const chunks = body[Symbol.asyncIterator]();
  let ended = false;
  try {
    for (;;) {
      let step: IteratorResult<Uint8Array | string>;
      try {
        step = await chunks.next();
      } catch (err) {
        ended = true;
        throw new BodyStreamError(err);
      }
      if (step.done === true) {
        ended = true;
        return;
      }
      if (!take(step.value)) return;
    }
  } finally {
    // Left early (`take` stopped or threw): release the body at once.
    if (!ended) chunks.return?.().catch(() => undefined);
  }
}

function ignore(): void {
  // Nothing to do: see `flowing`.
}
