import type { ClientRequest, IncomingMessage } from 'node:http';

/**
 * The error a body cut short by its connection ends with (the `cause` of the `ListStreamError`).
 *
 * @internal
 */
export class ConnectionClosedEarly extends Error {
  constructor() {
    super('the connection closed before the end of the answer');
    this.name = 'ConnectionClosedEarly';
  }
}

/** The part of an `http.Agent` (or a proxy agent built on it) that takes each request. */
interface AgentLike {
  addRequest(request: ClientRequest, options: unknown): void;
}

/** The part of node-fetch's body (a `PassThrough`) that can be ended with an error. */
interface DestroyableBody {
  readonly destroyed: boolean;
  destroy(error: Error): void;
  on(event: 'error', listener: () => void): void;
}

/**
 * Notices an answer whose connection closes before its last byte, for node-fetch 2 (the HTTP
 * stack of client-node 1.x). node-fetch pipes the response into the body it hands out and never
 * ends or errors that body when a `Content-Length` answer is cut (only chunked ones), so a list
 * cut by a restarting server or a dropped connection would wait for the list idle guard (30 s by
 * default) before being retried. This taps the agent of one request to see its response, and
 * ends the body with {@link ConnectionClosedEarly} once the response closes incomplete: the list
 * then fails at once with a `ListStreamError`.
 *
 * client-node 1.x builds a new agent for every request (`applyToFetchOptions`), so tapping its
 * `addRequest` concerns this request only.
 *
 * @param agent - the request's agent, from `applyToFetchOptions`; anything without an
 *   `addRequest` method is left alone (nothing is then noticed)
 * @param aborted - whether the caller aborted the request itself (its close is then no cut)
 * @returns `endWhenCut`, to call with the body of the answer once node-fetch returns it (a
 *   body that cannot be destroyed is left alone)
 * @internal
 */
export function tapCutAnswers(
  agent: unknown,
  aborted: () => boolean,
): { endWhenCut(body: unknown): void } {
  let response: IncomingMessage | undefined;
  if (isAgent(agent)) {
    const addRequest = agent.addRequest;
    agent.addRequest = function (request, options) {
      // Each response replaces the last: after a redirect, the answer is the final one.
      request.on('response', (incoming) => (response = incoming));
      addRequest.call(this, request, options);
    };
  }
  return {
    endWhenCut(body) {
      const incoming = response;
      if (incoming === undefined || !isDestroyable(body)) return;
      const check = (): void => {
        if (incoming.complete || aborted() || body.destroyed) return;
        // The reader listens for errors; this one keeps a body nobody reads from crashing.
        body.on('error', () => undefined);
        body.destroy(new ConnectionClosedEarly());
      };
      if (incoming.destroyed) check();
      else incoming.once('close', check);
    },
  };
}

function isDestroyable(body: unknown): body is DestroyableBody {
  return typeof (body as Partial<DestroyableBody> | null | undefined)?.destroy === 'function';
}

function isAgent(agent: unknown): agent is AgentLike {
  return typeof (agent as Partial<AgentLike> | null | undefined)?.addRequest === 'function';
}
