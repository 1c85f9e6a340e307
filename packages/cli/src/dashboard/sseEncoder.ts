import type { FeedMessage } from './feedProtocol.js';

/**
 * Serialises feed messages as Server-Sent Events, once for all the connections that send the
 * same message: a feed hands every browser the same message object (each change, and one
 * snapshot per feed version), so the bytes are made once and the same `Buffer` is written to
 * every socket (Node writes a `Buffer` without copying it). With a hundred browsers, a 1 MB
 * snapshot costs 1 MB and one `JSON.stringify`, not a hundred.
 *
 * Snapshots are remembered as long as their message lives (the feed drops it at its next
 * change; connections still writing it hold its bytes until done); of other messages only the
 * latest, which is all a broadcast needs, so the feed's history is never kept twice.
 */
export class SseEncoder {
  private readonly snapshots = new WeakMap<FeedMessage, Buffer>();
  private last: { readonly message: FeedMessage; readonly bytes: Buffer } | undefined;

  /**
   * @param message - a feed message
   * @returns its event: `id` (snapshots and changes), `event` (the type), one line of JSON `data`
   */
  encode(message: FeedMessage): Buffer {
    if (message.type === 'snapshot') {
      let bytes = this.snapshots.get(message);
      if (bytes === undefined) {
        bytes = serialise(message);
        this.snapshots.set(message, bytes);
      }
      return bytes;
    }
    if (this.last?.message !== message) this.last = { message, bytes: serialise(message) };
    return this.last.bytes;
  }
}

function serialise(message: FeedMessage): Buffer {
  const id = message.type === 'status' ? '' : `id: ${message.id}\n`;
  const { type, ...data } = message;
  return Buffer.from(`${id}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
}
