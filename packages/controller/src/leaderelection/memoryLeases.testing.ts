import { ApiException } from '@kubernetes/client-node';
import type { V1Lease } from '@kubernetes/client-node';
import type { SchedulerLike } from 'rxjs';
import { firstValueFrom, timer } from 'rxjs';
import type { LeaseApi } from './leaseApi.js';

/** One committed write, as the store saw it. */
export interface LeaseWrite {
  readonly resourceVersion: number;
  readonly by: string;
  readonly at: number;
  readonly holder: string;
  readonly leaseTransitions: number;
  readonly leaseDurationSeconds: number;
}

/** How a client's requests misbehave. */
export type ClientFault =
  | undefined
  /** No answer: the connection fails. */
  | 'unreachable'
  /** No answer ever: the request hangs. */
  | 'hang'
  /** An HTTP error status. */
  | { readonly code: number; readonly reason: string };

const microTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

function status(code: number, reason: string, message: string): ApiException<string> {
  const body = JSON.stringify({ kind: 'Status', status: 'Failure', code, reason, message });
  return new ApiException(code, `HTTP-Code: ${code}`, body, {});
}

/**
 * An in-memory Lease store with kube-apiserver's write semantics (resourceVersion
 * preconditions, 409 Conflict / AlreadyExists, 404), reached through per-candidate clients that
 * can be slowed down or cut off. Bodies cross a JSON boundary as on the wire, and MicroTimes
 * must have six fractional digits. Every committed write is recorded.
 */
export class MemoryLeaseStore {
  readonly writes: LeaseWrite[] = [];
  private readonly leases = new Map<string, V1Lease>();
  private rv = 0;

  constructor(readonly scheduler: SchedulerLike) {}

  /** A client for one candidate. */
  client(name: string, latency = 0): MemoryLeaseClient {
    return new MemoryLeaseClient(this, name, latency);
  }

  /** The stored Lease, as a copy. */
  get(namespace: string, name: string): V1Lease | undefined {
    const lease = this.leases.get(`${namespace}/${name}`);
    return lease === undefined ? undefined : wire(lease);
  }

  /** Replaces a Lease's spec without a precondition, as another tool (or a human) would. */
  edit(namespace: string, name: string, spec: V1Lease['spec'], by = 'editor'): void {
    const current = this.get(namespace, name);
    if (current === undefined) throw new Error('no such lease');
    this.commit({ ...current, spec: wire(spec) }, by);
  }

  /** Rewrites a Lease unchanged but for a new resourceVersion (a label edit, say). */
  touch(namespace: string, name: string): void {
    const current = this.get(namespace, name);
    if (current !== undefined) this.commit(current, 'toucher');
  }

  /** Deletes a Lease. */
  delete(namespace: string, name: string): void {
    this.leases.delete(`${namespace}/${name}`);
  }

  read(namespace: string, name: string): V1Lease {
    const lease = this.get(namespace, name);
    if (lease === undefined) throw status(404, 'NotFound', `leases "${name}" not found`);
    return lease;
  }

  create(namespace: string, body: V1Lease, by: string): V1Lease {
    const lease = this.decode(body);
    const name = lease.metadata?.name ?? '';
    if (this.leases.has(`${namespace}/${name}`)) {
      throw status(409, 'AlreadyExists', `leases "${name}" already exists`);
    }
    return this.commit({ ...lease, metadata: { ...lease.metadata, namespace } }, by);
  }

  replace(namespace: string, name: string, body: V1Lease, by: string): V1Lease {
    const lease = this.decode(body);
    const current = this.read(namespace, name);
    const precondition = lease.metadata?.resourceVersion;
    if (precondition && precondition !== current.metadata?.resourceVersion) {
      throw status(409, 'Conflict', `Operation cannot be fulfilled on leases "${name}"`);
    }
    return this.commit({ ...lease, metadata: { ...lease.metadata, name, namespace } }, by);
  }

  private decode(body: V1Lease): V1Lease {
    const lease = wire(body);
    for (const field of ['acquireTime', 'renewTime'] as const) {
      const value = lease.spec?.[field] as unknown;
      if (value !== undefined && (typeof value !== 'string' || !microTime.test(value))) {
        throw status(400, 'BadRequest', `spec.${field} is not a MicroTime: ${String(value)}`);
      }
    }
    return lease;
  }

  private commit(lease: V1Lease, by: string): V1Lease {
    this.rv += 1;
    const stored = { ...lease, metadata: { ...lease.metadata, resourceVersion: String(this.rv) } };
    this.leases.set(`${stored.metadata.namespace}/${stored.metadata.name}`, stored);
    this.writes.push({
      resourceVersion: this.rv,
      by,
      at: this.scheduler.now(),
      holder: stored.spec?.holderIdentity ?? '',
      leaseTransitions: stored.spec?.leaseTransitions ?? 0,
      leaseDurationSeconds: stored.spec?.leaseDurationSeconds ?? 0,
    });
    return wire(stored);
  }
}

/** One candidate's connection to a {@link MemoryLeaseStore}. */
export class MemoryLeaseClient implements LeaseApi {
  /** How this client's requests misbehave from now on. */
  fault: ClientFault;
  /** Requests made so far. */
  requests = 0;

  constructor(
    private readonly store: MemoryLeaseStore,
    private readonly name: string,
    /** Virtual milliseconds each way between the client and the store. */
    public latency: number,
  ) {}

  readNamespacedLease(param: { name: string; namespace: string }): Promise<V1Lease> {
    return this.call(() => this.store.read(param.namespace, param.name));
  }

  createNamespacedLease(param: { namespace: string; body: V1Lease }): Promise<V1Lease> {
    return this.call(() => this.store.create(param.namespace, param.body, this.name));
  }

  replaceNamespacedLease(param: {
    name: string;
    namespace: string;
    body: V1Lease;
  }): Promise<V1Lease> {
    return this.call(() => this.store.replace(param.namespace, param.name, param.body, this.name));
  }

  private async call(handle: () => V1Lease): Promise<V1Lease> {
    this.requests += 1;
    const fault = this.fault;
    if (fault === 'hang') return new Promise<V1Lease>(() => undefined);
    await this.travel();
    if (fault === 'unreachable') throw new TypeError('fetch failed');
    if (fault !== undefined) throw status(fault.code, fault.reason, 'injected');
    const result = handle();
    await this.travel();
    return result;
  }

  private async travel(): Promise<void> {
    if (this.latency > 0) await firstValueFrom(timer(this.latency, this.store.scheduler));
  }
}

/** A JSON round trip, as a body takes on the way to the server and back. */
function wire<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
