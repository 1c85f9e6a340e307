import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import type { KubeConfig } from '@kubernetes/client-node';
import { kindNotFound, notFound } from './api/status.js';
import type { KubeObject } from './api/types.js';
import { Authenticator } from './auth/authenticator.js';
import type { ClusterAccess } from './auth/kubeConfig.js';
import { buildKubeConfig, buildKubeConfigYaml } from './auth/kubeConfig.js';
import { generateTlsMaterial } from './auth/tls.js';
import { FaultInjector } from './faults/faultInjector.js';
import { handleRequest } from './http/requestHandler.js';
import { closeListener, listenTracked, restartListener } from './http/listener.js';
import type { RecordedRequest } from './http/requestLog.js';
import type { ObjectRef } from './objectRef.js';
import type { ServerContext } from './serverContext.js';
import { createServerContext } from './serverContext.js';
import type { FakeApiServerOptions, ResolvedOptions } from './options.js';
import { resolveOptions } from './options.js';
import type { CustomResourceSpec, ResourceDefinition } from './registry/resourceDefinition.js';
import type { DeleteOptions } from './storage/deletion.js';
import { copyOfStored } from './storage/objectJson.js';

/**
 * An in-process fake Kubernetes API server on a real HTTP(S) port. It serves list, get, watch,
 * create, replace, patch and delete for the built-in core/apps resources and for custom
 * resources registered at run time, with kube-apiserver's resourceVersion, pagination, selector,
 * bookmark and error semantics, so unmodified clients such as `@kubernetes/client-node` work
 * against it.
 */
export class FakeApiServer {
  /** Programmable faults and their counters. */
  readonly faults: FaultInjector;
  private readonly sockets = new Set<Socket>();
  private readonly abort = new AbortController();
  private readonly ctx: ServerContext;
  private readonly auth: Authenticator;
  private stopping: Promise<void> | undefined;
  private access: ClusterAccess | undefined;

  private constructor(
    private readonly options: ResolvedOptions,
    private readonly server: Server,
    private readonly caPem: string | undefined,
  ) {
    this.faults = new FaultInjector(options.seed);
    this.ctx = createServerContext(options, this.faults, this.abort.signal);
    this.auth = new Authenticator(options.token, options.user, options.forbiddenNamespaces);
  }

  /**
   * Starts a server on `127.0.0.1` and an ephemeral port (or as configured).
   *
   * @param options - token, TLS, timing and history settings; all optional.
   * @returns the running server.
   * @example
   * ```ts
   * const server = await FakeApiServer.start({ bookmarkIntervalMs: 100 });
   * const core = server.kubeConfig().makeApiClient(CoreV1Api);
   * await core.createNamespacedPod({ namespace: 'default', body: { metadata: { name: 'web' } } });
   * await server.stop();
   * ```
   */
  static async start(options: FakeApiServerOptions = {}): Promise<FakeApiServer> {
    const resolved = resolveOptions(options, randomBytes(24).toString('base64url'));
    const tls = resolved.tls ? await generateTlsMaterial(resolved.host) : undefined;
    const server: Server = tls === undefined ? createHttpServer() : createHttpsServer(tls);
    const instance = new FakeApiServer(resolved, server, tls?.cert);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      void instance.handle(req, res);
    });
    await instance.listen();
    return instance;
  }

  /** The base URL, e.g. `http://127.0.0.1:41234`. */
  get url(): string {
    return this.clusterAccess().url;
  }

  /** The bearer token clients must send. */
  get token(): string {
    return this.options.token;
  }

  /** The PEM certificate of a TLS server (undefined for plain HTTP). */
  get certificate(): string | undefined {
    return this.caPem;
  }

  /** The current global resourceVersion. */
  get resourceVersion(): string {
    return this.ctx.store.format(this.ctx.store.resourceVersion);
  }

  /** The oldest resourceVersion a watch can start from. */
  get compactedResourceVersion(): string {
    return this.ctx.store.format(this.ctx.store.compactedRevision);
  }

  /** Whether {@link FakeApiServer.stop} has been called. */
  get stopped(): boolean {
    return this.stopping !== undefined;
  }

  /** TCP connections currently open to the server. */
  get openConnections(): number {
    return this.sockets.size;
  }

  /** Watch streams currently open. */
  get openWatches(): number {
    return this.ctx.watches.size;
  }

  /**
   * A client-node `KubeConfig` pointing at this server with its token (and CA under TLS).
   *
   * @returns a new KubeConfig.
   */
  kubeConfig(): KubeConfig {
    return buildKubeConfig(this.clusterAccess());
  }

  /**
   * The kubeconfig file text for this server.
   *
   * @returns YAML.
   */
  kubeConfigYaml(): string {
    return buildKubeConfigYaml(this.clusterAccess());
  }

  /**
   * Registers a custom resource; its paths, discovery entries and watches work at once.
   *
   * @param spec - group, version, plural, kind, scope.
   * @returns the resource definition.
   */
  registerCustomResource(spec: CustomResourceSpec): ResourceDefinition {
    return this.ctx.registry.registerCustomResource(spec);
  }

  /**
   * Every served resource.
   *
   * @returns the definitions.
   */
  resources(): ResourceDefinition[] {
    return this.ctx.registry.all();
  }

  /**
   * Creates an object, as a POST would. The server stores a copy of the object as JSON would
   * carry it (undefined members dropped, Dates as strings…), so the caller's object and the
   * returned one stay the caller's own.
   *
   * @param obj - the object; `apiVersion` and `kind` pick the resource.
   * @returns a copy of the stored object.
   * @throws StatusError as the HTTP API would (409 AlreadyExists, 422 Invalid…).
   */
  create<T extends KubeObject>(obj: T): T {
    const def = this.definition(obj.apiVersion, obj.kind);
    // The store keeps its own JSON copy of `obj`, so no copy is needed on the way in.
    return copyOfStored<T>(this.ctx.store.create(def, obj));
  }

  /**
   * Replaces an object, as a PUT would (its resourceVersion, if set, is a precondition). Like
   * {@link FakeApiServer.create}, it stores a JSON copy.
   *
   * @param obj - the new state.
   * @returns a copy of the stored object.
   * @throws StatusError 404, 409.
   */
  update<T extends KubeObject>(obj: T): T {
    const def = this.definition(obj.apiVersion, obj.kind);
    return copyOfStored<T>(this.ctx.store.update(def, obj));
  }

  /**
   * Read-modify-write of one object: `mutate` gets a copy of the current state and edits it in
   * place or returns a new one.
   *
   * @param ref - the object.
   * @param mutate - the change.
   * @returns a copy of the stored object.
   * @throws StatusError 404.
   */
  patch<T extends KubeObject = KubeObject>(ref: ObjectRef, mutate: (obj: T) => T | void): T {
    const def = this.definition(ref.apiVersion, ref.kind);
    const current = this.ctx.store.get(def, ref.namespace, ref.name);
    if (current === undefined)
      throw notFound({ resource: def.plural, group: def.group, name: ref.name });
    const draft = copyOfStored<T>(current);
    const next = mutate(draft) ?? draft;
    // The store keeps a JSON copy, so whatever `mutate` still holds cannot reach stored state.
    const stored = this.ctx.store.update(def, {
      ...next,
      apiVersion: ref.apiVersion,
      kind: ref.kind,
    });
    return copyOfStored<T>(stored);
  }

  /**
   * Deletes an object, as a DELETE would: an object with finalizers is only marked with a
   * `deletionTimestamp` until they are removed, and its dependents are garbage collected by the
   * propagation policy.
   *
   * @param ref - the object.
   * @param options - preconditions, grace period and propagation policy (default `Background`).
   * @returns a copy of its last state, stamped with the deletion's resourceVersion, or of the
   *   object marked for deletion.
   * @throws StatusError 404, 409.
   */
  delete(ref: ObjectRef, options?: DeleteOptions): KubeObject {
    const def = this.definition(ref.apiVersion, ref.kind);
    return copyOfStored(this.ctx.store.delete(def, ref.namespace, ref.name, options));
  }

  /**
   * Reads one object.
   *
   * @param ref - the object.
   * @returns a copy, or undefined when it does not exist.
   */
  get<T extends KubeObject = KubeObject>(ref: ObjectRef): T | undefined {
    const found = this.ctx.store.get(
      this.definition(ref.apiVersion, ref.kind),
      ref.namespace,
      ref.name,
    );
    return found === undefined ? undefined : copyOfStored<T>(found);
  }

  /**
   * Every object of a kind at the current resourceVersion, in key order.
   *
   * @param apiVersion - e.g. `v1`.
   * @param kind - e.g. `Pod`.
   * @param namespace - restrict to one namespace.
   * @returns copies of the objects (with kind and apiVersion).
   */
  list<T extends KubeObject = KubeObject>(
    apiVersion: string,
    kind: string,
    namespace?: string,
  ): T[] {
    const { entries } = this.ctx.store.snapshot(this.definition(apiVersion, kind));
    return entries
      .map(([, obj]) => obj)
      .filter((obj) => namespace === undefined || obj.metadata.namespace === namespace)
      .map((obj) => copyOfStored<T>(obj));
  }

  /**
   * Compacts the history, like an etcd compaction: watches from older resourceVersions get an
   * `ERROR` 410 and continue tokens from older snapshots a 410 `Expired`. Counted as the
   * `compaction` fault.
   *
   * @param resourceVersion - compact up to here; default the current resourceVersion.
   */
  compact(resourceVersion?: string): void {
    this.ctx.store.compact(
      resourceVersion === undefined ? undefined : this.ctx.store.parse(resourceVersion),
    );
    this.faults.record('compaction');
  }

  /** Sends a bookmark now to every open watch that allows bookmarks. */
  sendBookmarks(): void {
    for (const watch of this.ctx.watches) watch.bookmark();
  }

  /**
   * The most recent requests the server received (at most `requestLogLimit`, default 1,000),
   * oldest first, whether they were served or refused: what a client asked for.
   *
   * @returns a copy of the log.
   * @example
   * ```ts
   * const lists = server.requests().filter((r) => r.method === 'GET' && r.query['watch'] === undefined);
   * expect(lists.at(-1)?.query['resourceVersionMatch']).toBe('Exact');
   * ```
   */
  requests(): RecordedRequest[] {
    return this.ctx.requests.entries();
  }

  /** Forgets the requests recorded so far (see {@link FakeApiServer.requests}). */
  clearRequests(): void {
    this.ctx.requests.clear();
  }

  /** Ends every open watch cleanly, as a server-side timeout would. */
  closeWatches(): void {
    for (const watch of [...this.ctx.watches]) watch.close();
  }

  /** Destroys every open connection at once, as a network failure would. */
  dropConnections(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  /**
   * Restarts the server and keeps its data, as an API server pod restart behind a stable
   * address would: every connection is destroyed (watches break mid-stream), the port stops
   * accepting connections for `downtimeMs`, then listens again on the same port with the same
   * objects, history and resourceVersion. Counted as the `restart` fault.
   *
   * @param downtimeMs - how long the port refuses connections. Default 0.
   * @returns once the server listens again.
   */
  async restart(downtimeMs = 0): Promise<void> {
    if (this.stopped) throw new Error('the server has been stopped');
    this.faults.record('restart');
    await restartListener(this.server, this.sockets, downtimeMs, () => !this.stopped);
  }

  /**
   * Refuses (403) every request into a namespace from now on.
   *
   * @param namespace - the namespace.
   */
  forbidNamespace(namespace: string): void {
    this.auth.forbidNamespace(namespace);
  }

  /**
   * Lifts {@link FakeApiServer.forbidNamespace}.
   *
   * @param namespace - the namespace.
   */
  allowNamespace(namespace: string): void {
    this.auth.allowNamespace(namespace);
  }

  /**
   * Stops the server: ends every watch cleanly, cancels pending waits and delays, and closes
   * every connection, so no handle is left behind. Safe to call twice.
   *
   * @returns once the listening socket is closed.
   */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.abort.abort();
      this.closeWatches();
      await closeListener(this.server, this.sockets);
    })();
    return this.stopping;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const address = new URL(this.url).host;
    await handleRequest(this.ctx, this.auth, address, req, res);
  }

  private async listen(): Promise<void> {
    const { port } = await listenTracked(
      this.server,
      this.sockets,
      this.options.port,
      this.options.host,
    );
    const host = this.options.host.includes(':') ? `[${this.options.host}]` : this.options.host;
    const scheme = this.caPem === undefined ? 'http' : 'https';
    this.access = {
      url: `${scheme}://${host}:${port}`,
      token: this.options.token,
      caPem: this.caPem,
    };
  }

  private clusterAccess(): ClusterAccess {
    if (this.access === undefined) throw new Error('the server is not listening');
    return this.access;
  }

  private definition(apiVersion: string | undefined, kind: string | undefined): ResourceDefinition {
    const def = this.ctx.registry.lookupKind(apiVersion ?? '', kind ?? '');
    if (def === undefined) throw kindNotFound(apiVersion ?? '', kind ?? '');
    return def;
  }
}
