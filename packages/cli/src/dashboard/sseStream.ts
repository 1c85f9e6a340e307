import type { ServerResponse } from 'node:http';
import type { FeedMessage } from './feedProtocol.js';

/**
 * Writes feed messages to an HTTP response as Server-Sent Events: `id` for snapshots and
 * changes (what the browser sends back as `Last-Event-ID`), `event` for the type, one line of
 * JSON `data`. Starts with a `retry` hint and keeps the link alive with comments.
 */
export class SseStream {
  private readonly heartbeat: NodeJS.Timeout;

  /**
   * @param response - the response, headers not yet sent
   * @param heartbeatMs - time between keep-alive comments
   */
  constructor(
    private readonly response: ServerResponse,
    heartbeatMs = 15_000,
  ) {
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    response.write('retry: 1000\n\n');
    this.heartbeat = setInterval(() => response.write(': keep-alive\n\n'), heartbeatMs);
  }

  /** @param message - the message to send */
  send(message: FeedMessage): void {
    const id = message.type === 'status' ? '' : `id: ${message.id}\n`;
    const { type, ...data } = message;
    this.response.write(`${id}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** Stops the keep-alive (the response is ended or destroyed by its owner). */
  close(): void {
    clearInterval(this.heartbeat);
  }
}
