import type { V1Lease } from '@kubernetes/client-node';
import type { LeaseApiError } from './errors.js';
import type { LeaseApi } from './leaseApi.js';
import { toLeaseApiError } from './leaseApiError.js';
import type { LeaseLockRef } from './leaderElectionOptions.js';
import type { LeaderElectionRecord } from './leaderElectionRecord.js';
import { leaseSpecFromRecord, recordFromLease } from './leaderElectionRecord.js';

/**
 * The Lease used as a lock: reads, creates and replaces it, keeping the last version seen so
 * each replace carries its resourceVersion as a precondition. Two writers that read the same
 * version cannot both succeed: the server answers the second with 409 Conflict.
 */
export class LeaseLock {
  private lease: V1Lease | undefined;
  private readonly description: string;

  /**
   * @param api - the Lease API client.
   * @param ref - namespace and name of the Lease.
   */
  constructor(
    private readonly api: LeaseApi,
    readonly ref: LeaseLockRef,
  ) {
    this.description = `${ref.namespace}/${ref.name}`;
  }

  /**
   * Whether a version of the Lease is known, so that {@link update} can be tried.
   *
   * @returns true after a successful get, create or update.
   */
  get known(): boolean {
    return this.lease !== undefined;
  }

  /**
   * Reads the Lease.
   *
   * @returns its record, or undefined when it does not exist.
   * @throws LeaseApiError for any other failure.
   */
  async get(): Promise<LeaderElectionRecord | undefined> {
    try {
      const lease = await this.api.readNamespacedLease(this.ref);
      this.lease = lease;
      return recordFromLease(lease);
    } catch (error) {
      const failure = this.failure('get', error);
      if (failure.code === 404) return undefined;
      throw failure;
    }
  }

  /**
   * Creates the Lease holding `record`.
   *
   * @param record - the record to write.
   * @throws LeaseApiError, a conflict (409 `AlreadyExists`) when another candidate created it
   * first.
   */
  async create(record: LeaderElectionRecord): Promise<void> {
    try {
      this.lease = await this.api.createNamespacedLease({
        namespace: this.ref.namespace,
        body: {
          apiVersion: 'coordination.k8s.io/v1',
          kind: 'Lease',
          metadata: { name: this.ref.name, namespace: this.ref.namespace },
          spec: leaseSpecFromRecord(record),
        },
      });
    } catch (error) {
      throw this.failure('create', error);
    }
  }

  /**
   * Replaces the record in the last version of the Lease seen; other fields are kept.
   *
   * @param record - the record to write.
   * @throws LeaseApiError, a conflict (409) when the Lease changed since it was last seen.
   */
  async update(record: LeaderElectionRecord): Promise<void> {
    const current = this.lease;
    if (current === undefined) throw new Error('the Lease must be read or created first');
    try {
      this.lease = await this.api.replaceNamespacedLease({
        name: this.ref.name,
        namespace: this.ref.namespace,
        body: { ...current, spec: { ...current.spec, ...leaseSpecFromRecord(record) } },
      });
    } catch (error) {
      throw this.failure('update', error);
    }
  }

  private failure(verb: 'get' | 'create' | 'update', error: unknown): LeaseApiError {
    return toLeaseApiError(verb, this.description, error);
  }
}
