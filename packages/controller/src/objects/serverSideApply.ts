import {
  PatchStrategy,
  type KubernetesObject,
  type KubernetesObjectApi,
} from '@kubernetes/client-node';
import { apiStatus } from '../resources/apiStatus.js';

/** Options of {@link serverSideApply}. */
export interface ApplyOptions {
  /** Who owns the applied fields (required by the API server), e.g. the controller's name. */
  fieldManager: string;
  /**
   * Take fields another manager owns instead of failing with an {@link ApplyConflictError}.
   * Controllers usually force: the fields they apply are theirs. Default false.
   */
  force?: boolean;
}

/** One field another manager owns, as a 409 of server-side apply names it. */
export interface FieldConflict {
  /** The field, e.g. `.data.mode` or `.spec.template.spec.containers[name="main"].image`. */
  readonly field: string;
  /** The server's message, naming the other manager, e.g. `conflict with "kubectl" using v1`. */
  readonly message: string;
}

/**
 * A server-side apply changed fields that other managers own (HTTP 409). Nothing was written.
 * Apply with `force: true` to take them, or leave them out of the configuration.
 */
export class ApplyConflictError extends Error {
  override readonly name = 'ApplyConflictError';

  /**
   * @param conflicts - the fields, as the server listed them
   * @param cause - client-node's `ApiException`
   */
  constructor(
    readonly conflicts: readonly FieldConflict[],
    override readonly cause: unknown,
  ) {
    super(
      `apply conflicts with other field managers: ${conflicts.map((c) => `${c.field} (${c.message})`).join(', ')}`,
      { cause },
    );
  }
}

/**
 * The conflicts a 409's Status names. The body is the server's: it may not be JSON, and any
 * field may have any type, so nothing of it is trusted (a cause that is not an object, or a
 * field that is not a string, reads as empty), and reading it never throws.
 */
function conflictsOf(error: unknown): FieldConflict[] {
  let body = (error as { body?: unknown }).body;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body) as unknown;
    } catch {
      return [];
    }
  }
  const details = isFields(body) ? body['details'] : undefined;
  const causes = isFields(details) ? details['causes'] : undefined;
  if (!Array.isArray(causes)) return [];
  return causes.map((cause: unknown) => ({
    field: isFields(cause) && typeof cause['field'] === 'string' ? cause['field'] : '',
    message: isFields(cause) && typeof cause['message'] === 'string' ? cause['message'] : '',
  }));
}

function isFields(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Server-side apply (`PATCH` with `application/apply-patch+yaml`) through client-node's
 * `KubernetesObjectApi.patch`: the API server merges `configuration` into the object (creating
 * it if missing) and records its fields as owned by `fieldManager`; fields the manager applied
 * before and leaves out now are removed. The configuration names only the fields the caller
 * has an opinion on, with apiVersion, kind, name and namespace.
 *
 * @typeParam T - the object type
 * @param client - client-node's `KubernetesObjectApi`
 * @param configuration - the fields to own
 * @param options - field manager and force
 * @returns the object as stored
 * @throws {@link ApplyConflictError} when other managers own fields the apply would change
 * @throws client-node's `ApiException` for any other error status
 * @example
 * ```ts
 * await serverSideApply(
 *   client,
 *   { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'app', namespace: 'default' }, data: { mode: 'on' } },
 *   { fieldManager: 'app-controller', force: true },
 * );
 * ```
 */
export async function serverSideApply<T extends KubernetesObject>(
  client: KubernetesObjectApi,
  configuration: T,
  options: ApplyOptions,
): Promise<T> {
  try {
    return await client.patch(
      configuration,
      undefined,
      undefined,
      options.fieldManager,
      options.force,
      PatchStrategy.ServerSideApply,
    );
  } catch (error: unknown) {
    if (apiStatus(error).code === 409) throw new ApplyConflictError(conflictsOf(error), error);
    throw error;
  }
}
