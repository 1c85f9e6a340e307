/* eslint-disable @typescript-eslint/no-explicit-any -- test support that reads arbitrary JSON */
import type { KubeObject } from '../api/types.js';
import { FakeApiServer } from '../fakeApiServer.js';
import type { FakeApiServerOptions } from '../options.js';

/** A response read fully. */
export interface RawResponse {
  status: number;
  headers: Headers;
  body: any;
}

/** One parsed watch line, or the raw text when it was not JSON. */
export type RawWatchLine = { type: string; object: any } | { malformed: string };

/**
 * A second client stack for cross-checking the server: the platform `fetch` and line splitting,
 * with no Kubernetes library involved.
 */
export class RawClient {
  constructor(
    private readonly server: FakeApiServer,
    private readonly token: string = server.token,
  ) {}

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<RawResponse> {
    const res = await fetch(this.server.url + path, {
      method,
      headers: {
        Authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // keep text
    }
    return { status: res.status, headers: res.headers, body: parsed };
  }

  get(path: string): Promise<RawResponse> {
    return this.request('GET', path);
  }

  /** Opens a watch and collects its lines as they arrive. */
  async watch(path: string, headers: Record<string, string> = {}): Promise<RawWatch> {
    const controller = new AbortController();
    const res = await fetch(this.server.url + path, {
      headers: { Authorization: `Bearer ${this.token}`, ...headers },
      signal: controller.signal,
    });
    return new RawWatch(res, controller);
  }
}

/** An open watch read by line splitting. */
export class RawWatch {
  readonly lines: RawWatchLine[] = [];
  /** Resolves when the stream ends: `eof` for a clean end, `error` for a cut connection. */
  readonly ended: Promise<'eof' | 'error'>;
  private waiters: Array<() => void> = [];

  constructor(
    readonly response: Response,
    private readonly controller: AbortController,
  ) {
    this.ended = this.read();
  }

  get status(): number {
    return this.response.status;
  }

  /** Waits until at least `count` lines have arrived (or the stream ended). */
  async take(count: number): Promise<RawWatchLine[]> {
    let done = false;
    void this.ended.then(() => {
      done = true;
      this.wake();
    });
    while (this.lines.length < count && !done) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    return this.lines.slice(0, count);
  }

  /** Events of the given types only. */
  events(...types: string[]): Array<{ type: string; object: any }> {
    return this.lines.filter(
      (l): l is { type: string; object: any } =>
        'type' in l && (types.length === 0 || types.includes(l.type)),
    );
  }

  close(): void {
    this.controller.abort();
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  private async read(): Promise<'eof' | 'error'> {
    if (this.response.body === null) return 'eof';
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of this.response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let newline = buffer.indexOf('\n');
        while (newline >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          try {
            this.lines.push(JSON.parse(line));
          } catch {
            this.lines.push({ malformed: line });
          }
          newline = buffer.indexOf('\n');
        }
        this.wake();
      }
      return 'eof';
    } catch {
      return 'error';
    } finally {
      this.wake();
    }
  }
}

/** A minimal Pod manifest. */
export function pod(
  namespace: string,
  name: string,
  extra: { labels?: Record<string, string>; nodeName?: string; phase?: string } = {},
): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace, ...(extra.labels ? { labels: extra.labels } : {}) },
    spec: {
      containers: [{ name: 'main', image: 'nginx' }],
      ...(extra.nodeName ? { nodeName: extra.nodeName } : {}),
    },
    status: { phase: extra.phase ?? 'Pending' },
  };
}

/** A fake server and a raw client of it, both replaced before each test (see {@link serverPerTest}). */
export interface ServerFixture {
  /** The current test's server. */
  readonly server: FakeApiServer;
  /** A raw client of {@link ServerFixture.server}. */
  readonly client: RawClient;
}

/**
 * Starts a fresh fake server and raw client before each test of the calling file and stops the
 * server after it, so no state leaks between tests.
 *
 * @param options - the server's options
 * @returns the fixture, whose fields hold the current test's server and client
 */
export function serverPerTest(options?: FakeApiServerOptions): ServerFixture {
  const fixture = {} as { server: FakeApiServer; client: RawClient };
  beforeEach(async () => {
    fixture.server = await FakeApiServer.start(options);
    fixture.client = new RawClient(fixture.server);
  });
  afterEach(() => fixture.server.stop());
  return fixture;
}
