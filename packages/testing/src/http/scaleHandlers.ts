import type { IncomingMessage } from 'node:http';
import yaml from 'js-yaml';
import { badRequest, failure, invalid, StatusError } from '../api/status.js';
import type { KubeObject } from '../api/types.js';
import type { ResourceDefinition } from '../registry/resourceDefinition.js';
import { strategicMergeSchemaOf } from '../registry/strategicMergeSchema.js';
import type { ServerContext } from '../serverContext.js';
import { applyJsonPatch } from '../patch/jsonPatch.js';
import { applyMergePatch } from '../patch/mergePatch.js';
import { applyStrategicMergePatch } from '../patch/strategicMergePatch.js';
import { fieldManagerOf, getObject, type WriteResult } from './objectHandlers.js';
import { parseJsonText, readBodyText } from './responses.js';
import { scaleOf, withReplicas } from './scaleObject.js';

/** The object whose `/scale` a request addresses. */
export interface ScaleTarget {
  /** The resource (it serves `/scale`). */
  readonly def: ResourceDefinition;
  /** The path's namespace. */
  readonly namespace: string | undefined;
  /** The path's name. */
  readonly name: string;
}

const mergePatch = 'application/merge-patch+json';
const jsonPatch = 'application/json-patch+json';
const strategicMergePatch = 'application/strategic-merge-patch+json';
const applyPatch = 'application/apply-patch+yaml';

/**
 * `GET` of `/scale`: the object's `autoscaling/v1` Scale.
 *
 * @param ctx - the server.
 * @param target - the object.
 * @returns the Scale.
 * @throws StatusError 404.
 */
export function getScale(ctx: ServerContext, target: ScaleTarget): KubeObject {
  const { def, namespace, name } = target;
  return scaleOf(def, getObject(ctx, def, namespace, name));
}

/**
 * `PUT` of `/scale`: sets the object's desired replicas to the Scale's `spec.replicas`, with the
 * Scale's resourceVersion (if any) as a precondition on the object.
 *
 * @param ctx - the server.
 * @param req - the request.
 * @param target - the object.
 * @returns 200 and the new Scale.
 * @throws StatusError 400 (bad body, name mismatch), 404, 409 `Conflict`, 422 for negative
 *   replicas.
 */
export async function replaceScale(
  ctx: ServerContext,
  req: IncomingMessage,
  target: ScaleTarget,
): Promise<WriteResult> {
  const scale = objectBody(parseJsonText(await readBodyText(req)));
  return writeScale(ctx, fieldManagerOf(req), target, scale);
}

/**
 * `PATCH` of `/scale`: a JSON merge, JSON or strategic merge patch of the Scale (an apply is
 * merged as a merge patch), then written as a `PUT` of the result is.
 *
 * @param ctx - the server.
 * @param req - the request.
 * @param target - the object.
 * @returns 200 and the new Scale.
 * @throws StatusError 400, 404, 409 `Conflict`, 415 other types, 422.
 */
export async function patchScale(
  ctx: ServerContext,
  req: IncomingMessage,
  target: ScaleTarget,
): Promise<WriteResult> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
  const accepted = [jsonPatch, mergePatch, strategicMergePatch, applyPatch];
  if (!accepted.includes(type)) {
    throw new StatusError(
      failure(
        415,
        'UnsupportedMediaType',
        `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`,
      ),
    );
  }
  const text = await readBodyText(req);
  const current = getScale(ctx, target);
  const patched =
    type === jsonPatch
      ? applyJsonPatch(current, parseJsonText(text))
      : type === strategicMergePatch
        ? applyStrategicMergePatch(
            current,
            objectBody(parseJsonText(text)),
            strategicMergeSchemaOf('autoscaling/v1', 'Scale'),
          )
        : applyMergePatch(
            current,
            objectBody(type === applyPatch ? parseYaml(text) : parseJsonText(text)),
          );
  return writeScale(ctx, fieldManagerOf(req), target, objectBody(patched, 'the patched object'));
}

function writeScale(
  ctx: ServerContext,
  manager: string,
  target: ScaleTarget,
  scale: Record<string, unknown>,
): WriteResult {
  const { def, namespace, name } = target;
  const metadata = objectBody(scale['metadata'] ?? {}, 'metadata');
  if (metadata['name'] !== undefined && metadata['name'] !== name) {
    throw badRequest('the name of the object does not match the name on the URL');
  }
  const spec = objectBody(scale['spec'] ?? {}, 'spec');
  const replicas = spec['replicas'] ?? 0;
  if (typeof replicas !== 'number' || !Number.isInteger(replicas)) {
    throw badRequest(
      `Scale in version "v1" cannot be handled as a Scale: json: cannot unmarshal ${typeof replicas} into Go struct field ScaleSpec.spec.replicas of type int32`,
    );
  }
  if (replicas < 0) {
    throw invalid(
      'Scale',
      name,
      [
        {
          field: 'spec.replicas',
          message: `Invalid value: ${replicas}: must be greater than or equal to 0`,
        },
      ],
      'autoscaling',
    );
  }
  const current = getObject(ctx, def, namespace, name);
  const next = withReplicas(def, current, replicas);
  // The Scale's resourceVersion is the object's: a precondition when given.
  const precondition = metadata['resourceVersion'];
  next.metadata = {
    ...current.metadata,
    resourceVersion:
      typeof precondition === 'string' && precondition !== '' ? precondition : undefined,
  };
  const stored = ctx.store.update(def, next, manager, undefined, 'resource');
  return { code: 200, body: scaleOf(def, stored) };
}

function parseYaml(text: string): unknown {
  try {
    return yaml.load(text, { schema: yaml.CORE_SCHEMA });
  } catch (error) {
    throw badRequest(`error decoding YAML: ${(error as Error).message.split('\n')[0] ?? ''}`);
  }
}

function objectBody(value: unknown, what = 'the body of the request'): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest(`${what} must be an object`);
  }
  return value as Record<string, unknown>;
}
