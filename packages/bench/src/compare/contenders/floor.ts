/**
 * The floor: the requests rxkube's reflector makes (a list with `resourceVersion=0&limit=500`
 * following any continue tokens, then a watch with bookmarks from the list's version; after a
 * 410, a relist at the last version seen, unpaged as the first answer was), done with `fetch`,
 * line splitting and `JSON.parse` into a plain `Map`. No handlers, no indices, no copies: the
 * practical limit for a cache in Node.
 */
import type { KubeObject } from '@rxkube/store';
import { type Connection, type Contender, hasLabel, keyOf } from '../contender.js';

interface ListBody {
  metadata: { resourceVersion: string; continue?: string };
  items: KubeObject[];
}

interface WatchLine {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  object: KubeObject & { code?: number };
}

/** See the module comment. */
export class FloorContender implements Contender {
  readonly name = 'floor';
  private cache = new Map<string, KubeObject>();
  private resourceVersion = '';
  private readonly abort = new AbortController();
  private applied: () => void = () => undefined;
  private readonly headers: Record<string, string>;
  private readonly fetch: typeof fetch;

  /** @param connection - where to list and watch */
  constructor(private readonly connection: Connection) {
    this.headers = { authorization: `Bearer ${connection.token}`, accept: 'application/json' };
    this.fetch = globalThis.fetch;
  }

  /**
   * Node loads its fetch implementation (undici) on first use and compiles its HTTP parser
   * then: a request to `/version` does that before the clock, as the informers' libraries are
   * loaded before it. That is library start-up, not protocol cost.
   */
  async prepare(): Promise<void> {
    await this.get('/version');
  }

  /** @inheritdoc */
  onApplied(callback: () => void): void {
    this.applied = callback;
  }

  /** @inheritdoc */
  start(): void {
    this.run().catch((err: unknown) => {
      if (!this.abort.signal.aborted) {
        process.stderr.write(`floor: ${String(err)}\n`);
        process.exit(3);
      }
    });
  }

  /** @inheritdoc */
  version(key: string): string | undefined {
    return this.cache.get(key)?.metadata?.resourceVersion;
  }

  /** @inheritdoc */
  size(): number {
    return this.cache.size;
  }

  /** @inheritdoc */
  byNamespace(namespace: string): readonly KubeObject[] {
    const out: KubeObject[] = [];
    for (const obj of this.cache.values()) if (obj.metadata?.namespace === namespace) out.push(obj);
    return out;
  }

  /** @inheritdoc */
  byNamespaceAndLabel(namespace: string, label: string, value: string): readonly KubeObject[] {
    const out: KubeObject[] = [];
    for (const obj of this.cache.values()) {
      if (obj.metadata?.namespace === namespace && hasLabel(obj, label, value)) out.push(obj);
    }
    return out;
  }

  /** @inheritdoc */
  async stop(): Promise<void> {
    this.abort.abort();
  }

  private async run(): Promise<void> {
    await this.list('0', 500);
    while (!this.abort.signal.aborted) {
      if (await this.watch()) await this.list(this.resourceVersion, undefined);
    }
  }

  private async list(resourceVersion: string, limit: number | undefined): Promise<void> {
    const fresh = new Map<string, KubeObject>();
    let next: string | undefined;
    let version = '';
    do {
      const query = new URLSearchParams();
      if (next === undefined && resourceVersion !== '')
        query.set('resourceVersion', resourceVersion);
      if (limit !== undefined) query.set('limit', String(limit));
      if (next !== undefined) query.set('continue', next);
      const body = JSON.parse(await this.get(`/api/v1/pods?${query}`)) as ListBody;
      for (const item of body.items) fresh.set(keyOf(item), item);
      version = body.metadata.resourceVersion;
      next = body.metadata.continue || undefined;
    } while (next !== undefined);
    this.cache = fresh;
    this.resourceVersion = version;
    this.applied();
  }

  /** @returns true when the watch ended with a 410 and a relist is needed */
  private async watch(): Promise<boolean> {
    const query = new URLSearchParams({
      watch: 'true',
      resourceVersion: this.resourceVersion,
      timeoutSeconds: '600',
      allowWatchBookmarks: 'true',
    });
    const response = await this.fetch(`${this.connection.url}/api/v1/pods?${query}`, {
      headers: this.headers,
      signal: this.abort.signal,
    });
    if (response.status !== 200 || response.body === null) {
      throw new Error(`watch: HTTP ${response.status}`);
    }
    // Lines are cut on bytes (a `\n` byte is never inside a UTF-8 sequence) and decoded whole:
    // Node's TextDecoder is several times slower per byte in streaming mode.
    const decoder = new TextDecoder();
    let pending: Uint8Array = new Uint8Array(0);
    let expired = false;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const last = value.lastIndexOf(0x0a);
      if (last < 0) {
        pending = concatBytes(pending, value);
        continue;
      }
      const text = decoder.decode(concatBytes(pending, value.subarray(0, last)));
      pending = value.slice(last + 1);
      let start = 0;
      for (let end = text.indexOf('\n'); start < text.length; end = text.indexOf('\n', start)) {
        if (end < 0) end = text.length;
        if (end > start && this.apply(JSON.parse(text.slice(start, end)) as WatchLine)) {
          expired = true;
        }
        start = end + 1;
      }
      this.applied();
    }
    return expired;
  }

  /** @returns true for an ERROR 410 */
  private apply(line: WatchLine): boolean {
    const obj = line.object;
    switch (line.type) {
      case 'ADDED':
      case 'MODIFIED':
        this.cache.set(keyOf(obj), obj);
        break;
      case 'DELETED':
        this.cache.delete(keyOf(obj));
        break;
      case 'BOOKMARK':
        break;
      case 'ERROR':
        if (obj.code === 410) return true;
        throw new Error(`watch error: ${JSON.stringify(obj)}`);
    }
    this.resourceVersion = obj.metadata?.resourceVersion ?? this.resourceVersion;
    return false;
  }

  private async get(path: string): Promise<string> {
    const response = await this.fetch(`${this.connection.url}${path}`, {
      headers: this.headers,
      signal: this.abort.signal,
    });
    if (response.status !== 200) throw new Error(`GET ${path}: HTTP ${response.status}`);
    return response.text();
  }
}

function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}
