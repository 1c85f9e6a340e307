import type { IncomingMessage } from 'node:http';
import { badRequest, invalid, notFound } from '../api/status.js';
import type { KubeObject, ObjectMeta } from '../api/types.js';
import type { ResourceDefinition } from '../registry/resourceDefinition.js';
import { apiVersionOf } from '../registry/resourceDefinition.js';
import type { ServerContext } from '../serverContext.js';
import type { DeleteOptions, DeletePreconditions } from '../storage/deletion.js';
import type { ItemTarget } from './itemTarget.js';
import { checkMicroTimes } from './microTime.js';
import { readJsonBody } from './responses.js';

/** The result of a write: HTTP status and body. */
export interface WriteResult {
  readonly code: number;
  readonly body: KubeObject;
}

/**
 * `GET` of one object.
 *
 * @param ctx - the server.
 * @param def - the resource.
 * @param namespace - the path's namespace.
 * @param name - the path's name.
 * @returns the object with kind and apiVersion.
 * @throws StatusError 404.
 */
export function getObject(
  ctx: ServerContext,
  def: ResourceDefinition,
  namespace: string | undefined,
  name: string,
): KubeObject {
  const found = ctx.store.get(def, namespace, name);
  if (found === undefined) throw notFound({ resource: def.plural, group: def.group, name });
  return found;
}

/**
 * `POST` to a collection: creates the object in the body.
 *
 * @param ctx - the server.
 * @param req - the request (its body is read).
 * @param def - the resource.
 * @param namespace - the path's namespace.
 * @returns 201 and the stored object.
 * @throws StatusError 400 (bad body, namespace mismatch), 409 `AlreadyExists`, 422 `Invalid`.
 */
export async function createObject(
  ctx: ServerContext,
  req: IncomingMessage,
  def: ResourceDefinition,
  namespace: string | undefined,
): Promise<WriteResult> {
  const obj = await readObject(req, def);
  obj.metadata = placedAt(def, obj.metadata, namespace);
  // A create may not carry a resourceVersion precondition.
  const { resourceVersion: _ignored, ...metadata } = obj.metadata;
  return { code: 201, body: ctx.store.create(def, { ...obj, metadata }, fieldManagerOf(req)) };
}

/**
 * `PUT` of one object or of its `/status`: replaces it, with the body's resourceVersion as a
 * precondition. A write to the main resource of a kind with a `/status` subresource keeps the
 * stored `status`; a write to `/status` keeps everything else (see `prepareForUpdate`).
 *
 * @param ctx - the server.
 * @param req - the request.
 * @param target - the object and the part of it addressed.
 * @returns 200 and the stored object.
 * @throws StatusError 400 (name/namespace mismatch), 404, 409 `Conflict`.
 */
export async function replaceObject(
  ctx: ServerContext,
  req: IncomingMessage,
  target: ItemTarget,
): Promise<WriteResult> {
  const { def, namespace, name, scope } = target;
  const obj = await readObject(req, def);
  if (obj.metadata.name !== name) {
    throw badRequest('the name of the object does not match the name on the URL');
  }
  obj.metadata = placedAt(def, obj.metadata, namespace, name);
  return { code: 200, body: ctx.store.update(def, obj, fieldManagerOf(req), undefined, scope) };
}

/**
 * The metadata of a body written to a path: a name or namespace it gives must be the path's,
 * and the path's become its own.
 *
 * @param def - the resource.
 * @param metadata - the body's metadata.
 * @param namespace - the path's namespace.
 * @param name - the path's name (a collection path has none).
 * @returns the metadata with the path's name and namespace.
 * @throws StatusError 400 when the body names another object.
 */
export function placedAt(
  def: ResourceDefinition,
  metadata: ObjectMeta,
  namespace: string | undefined,
  name?: string,
): ObjectMeta {
  if (name !== undefined && metadata.name !== undefined && metadata.name !== name) {
    throw badRequest('the name of the object does not match the name on the URL');
  }
  if (def.namespaced && metadata.namespace && metadata.namespace !== namespace) {
    throw badRequest(
      'the namespace of the provided object does not match the namespace sent on the request',
    );
  }
  return {
    ...metadata,
    ...(name === undefined ? {} : { name }),
    ...(def.namespaced ? { namespace } : {}),
  };
}

/**
 * `DELETE` of one object with the `DeleteOptions` of its body or query: `preconditions`,
 * `gracePeriodSeconds`, `propagationPolicy` (or the older `orphanDependents`).
 *
 * @param ctx - the server.
 * @param req - the request.
 * @param def - the resource.
 * @param namespace - the path's namespace.
 * @param name - the path's name.
 * @returns 200 and the object's last state, or the object marked for deletion.
 * @throws StatusError 400 for a malformed option, 404, 409 when a precondition fails, 422 for
 *   an unknown propagation policy.
 */
export async function deleteObject(
  ctx: ServerContext,
  req: IncomingMessage,
  def: ResourceDefinition,
  namespace: string | undefined,
  name: string,
): Promise<WriteResult> {
  let body: Record<string, unknown> = {};
  if (Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding']) {
    body = (await readJsonBody(req)) as Record<string, unknown>;
  } else {
    req.resume();
  }
  const query = new URL(req.url ?? '/', 'http://fake').searchParams;
  const options = deleteOptionsOf(body, query);
  return { code: 200, body: ctx.store.delete(def, namespace, name, options) };
}

function deleteOptionsOf(body: Record<string, unknown>, query: URLSearchParams): DeleteOptions {
  const grace = query.get('gracePeriodSeconds') ?? body['gracePeriodSeconds'];
  const orphan = query.get('orphanDependents') ?? body['orphanDependents'];
  const policy =
    query.get('propagationPolicy') ??
    body['propagationPolicy'] ??
    (orphan === undefined || orphan === null
      ? undefined
      : String(orphan) === 'true'
        ? 'Orphan'
        : 'Foreground');
  const options: DeleteOptions = {};
  if (body['preconditions'] !== undefined && body['preconditions'] !== null) {
    options.preconditions = body['preconditions'] as DeletePreconditions;
  }
  if (grace !== undefined && grace !== null) {
    const seconds = Number(grace);
    if (!Number.isInteger(seconds))
      throw badRequest(`invalid gracePeriodSeconds: ${String(grace)}`);
    options.gracePeriodSeconds = seconds;
  }
  if (policy !== undefined && policy !== null) {
    if (policy !== 'Background' && policy !== 'Foreground' && policy !== 'Orphan') {
      throw invalid(
        'DeleteOptions',
        '',
        [
          {
            field: 'propagationPolicy',
            message: `Unsupported value: ${JSON.stringify(policy)}: supported values: "Foreground", "Background", "Orphan", "nil"`,
            reason: 'FieldValueNotSupported',
          },
        ],
        'meta.k8s.io',
      );
    }
    options.propagationPolicy = policy;
  }
  return options;
}

async function readObject(req: IncomingMessage, def: ResourceDefinition): Promise<KubeObject> {
  const body = (await readJsonBody(req)) as Partial<KubeObject>;
  if (body.kind !== undefined && body.kind !== def.kind) {
    throw badRequest(
      `the kind of the object (${String(body.kind)}) does not match the URL (${def.kind})`,
    );
  }
  if (body.apiVersion !== undefined && body.apiVersion !== apiVersionOf(def)) {
    throw badRequest(
      `the API version of the object (${String(body.apiVersion)}) does not match the URL (${apiVersionOf(def)})`,
    );
  }
  const metadata = body.metadata;
  if (metadata !== undefined && (typeof metadata !== 'object' || metadata === null)) {
    throw badRequest('metadata must be an object');
  }
  const obj = { ...body, metadata: { ...(metadata ?? {}) } };
  checkMicroTimes(def, obj);
  return obj;
}

/**
 * The field manager of a write, as kube-apiserver names it: the `fieldManager` query parameter,
 * or else the User-Agent up to its first `/` (`kubectl/v1.34.0 (linux/amd64)` → `kubectl`),
 * at most 128 characters.
 *
 * @param req - the request.
 * @returns the manager's name.
 */
export function fieldManagerOf(req: IncomingMessage): string {
  const given = new URL(req.url ?? '/', 'http://fake').searchParams.get('fieldManager');
  if (given) return given;
  const agent = req.headers['user-agent'] ?? '';
  const manager = (agent.split('/')[0] ?? '').trim().slice(0, 128);
  return manager === '' ? 'unknown' : manager;
}
