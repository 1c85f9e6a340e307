import type { IncomingMessage } from 'node:http';
import yaml from 'js-yaml';
import { badRequest, failure, invalid, StatusError } from '../api/status.js';
import type { KubeObject } from '../api/types.js';
import type { ResourceDefinition } from '../registry/resourceDefinition.js';
import { apiVersionOf } from '../registry/resourceDefinition.js';
import { strategicMergeSchemaOf } from '../registry/strategicMergeSchema.js';
import type { ServerContext } from '../serverContext.js';
import { serverSideApply } from '../storage/serverSideApply.js';
import { applyJsonPatch } from '../patch/jsonPatch.js';
import { applyMergePatch } from '../patch/mergePatch.js';
import { applyStrategicMergePatch } from '../patch/strategicMergePatch.js';
import { checkMicroTimes } from './microTime.js';
import type { ItemTarget } from './itemTarget.js';
import { fieldManagerOf, getObject, placedAt, type WriteResult } from './objectHandlers.js';
import { parseJsonText, readBodyText } from './responses.js';

const mergePatch = 'application/merge-patch+json';
const jsonPatch = 'application/json-patch+json';
const strategicMergePatch = 'application/strategic-merge-patch+json';
const applyPatch = 'application/apply-patch+yaml';

/**
 * `PATCH` of one object, by its `Content-Type`:
 *
 * - `application/merge-patch+json`: a JSON merge patch (RFC 7386);
 * - `application/json-patch+json`: a JSON patch (RFC 6902), a failed `test` is 422;
 * - `application/strategic-merge-patch+json`: a strategic merge patch with the kind's patch
 *   merge keys (built-in kinds only: 415 for custom resources, as on kube-apiserver);
 * - `application/apply-patch+yaml`: server-side apply of a YAML (or JSON) configuration, which
 *   creates the object when it does not exist (201); `fieldManager` is required, `force=true`
 *   takes conflicting fields.
 *
 * Without a `metadata.resourceVersion` of its own, the patch applies to the latest state. A patch
 * of the main resource of a kind with a `/status` subresource keeps the stored `status`, one of
 * `/status` keeps everything else; an apply leaves out of its configuration (and of the fields
 * its manager owns) what the path does not write.
 *
 * @param ctx - the server.
 * @param req - the request.
 * @param target - the object and the part of it addressed.
 * @returns 200 (201 for an apply that created) and the stored object.
 * @throws StatusError 400 bad body, 404, 409 `Conflict`, 415 other types, 422.
 */
export async function patchObject(
  ctx: ServerContext,
  req: IncomingMessage,
  target: ItemTarget,
): Promise<WriteResult> {
  const { def, namespace, name, scope } = target;
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
  const accepted = [
    jsonPatch,
    mergePatch,
    ...(def.builtin ? [strategicMergePatch] : []),
    applyPatch,
  ];
  if (!accepted.includes(type)) {
    throw new StatusError(
      failure(
        415,
        'UnsupportedMediaType',
        `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`,
      ),
    );
  }
  const params = new URL(req.url ?? '/', 'http://fake').searchParams;
  if (type === applyPatch && !params.get('fieldManager')) {
    throw invalid(
      'PatchOptions',
      '',
      [
        {
          field: 'fieldManager',
          message: 'Required value: is required for apply patch',
          reason: 'FieldValueRequired',
        },
      ],
      'meta.k8s.io',
    );
  }
  const text = await readBodyText(req);
  if (type === applyPatch) return apply(ctx, target, text, params);
  const body = parseJsonText(text);
  const current = getObject(ctx, def, namespace, name);
  const patched =
    type === jsonPatch
      ? applyJsonPatch(current, body)
      : type === mergePatch
        ? applyMergePatch(current, objectBody(body))
        : applyStrategicMergePatch(
            current,
            objectBody(body),
            strategicMergeSchemaOf(apiVersionOf(def), def.kind),
          );
  const object = objectBody(patched, 'the patched object') as KubeObject;
  const metadata = objectBody(object.metadata ?? {}, 'the patched metadata');
  object.metadata = { ...metadata, name, ...(def.namespaced ? { namespace } : {}) };
  checkMicroTimes(def, object);
  if (object.metadata.resourceVersion === undefined) {
    object.metadata.resourceVersion = current.metadata.resourceVersion;
  }
  return {
    code: 200,
    body: ctx.store.update(def, object, fieldManagerOf(req), undefined, scope),
  };
}

function apply(
  ctx: ServerContext,
  target: ItemTarget,
  text: string,
  params: URLSearchParams,
): WriteResult {
  const { def, namespace, name, scope } = target;
  const configuration = appliedPart(def, objectBody(parseYaml(text)) as KubeObject, scope);
  if (configuration.apiVersion !== apiVersionOf(def) || configuration.kind !== def.kind) {
    throw badRequest(
      `the apiVersion and kind of an applied configuration must be ${apiVersionOf(def)} ${def.kind}`,
    );
  }
  const metadata = objectBody(configuration.metadata ?? {}, 'metadata');
  configuration.metadata = placedAt(def, metadata, namespace, name);
  checkMicroTimes(def, configuration);
  const manager = params.get('fieldManager') ?? '';
  const live = ctx.store.get(def, namespace, name);
  // An apply to `/status` cannot create the object.
  if (live === undefined && scope === 'status') getObject(ctx, def, namespace, name);
  const { object, managedFields } = serverSideApply(live, {
    configuration,
    manager,
    force: params.get('force') === 'true',
    schema: strategicMergeSchemaOf(apiVersionOf(def), def.kind),
    now: ctx.options.now(),
  });
  if (live === undefined) {
    return { code: 201, body: ctx.store.create(def, object, manager, managedFields) };
  }
  return { code: 200, body: ctx.store.update(def, object, manager, managedFields, scope) };
}

// What of an applied configuration the path writes, so that its manager owns no field the
// write resets: `/status` takes `status` (and the object's name), the main resource of a kind
// with a `/status` subresource everything but `status`.
function appliedPart(
  def: ResourceDefinition,
  configuration: KubeObject,
  scope: ItemTarget['scope'],
): KubeObject {
  if (def.subresources?.status !== true) return configuration;
  const { status, ...rest } = configuration as KubeObject & { status?: unknown };
  if (scope === 'resource') return rest;
  const metadata = objectBody(configuration.metadata ?? {}, 'metadata');
  return {
    apiVersion: configuration.apiVersion,
    kind: configuration.kind,
    metadata: {
      ...(metadata['name'] === undefined ? {} : { name: metadata['name'] as string }),
      ...(metadata['namespace'] === undefined
        ? {}
        : { namespace: metadata['namespace'] as string }),
    },
    ...(status === undefined ? {} : { status }),
  };
}

function parseYaml(text: string): unknown {
  try {
    // JSON is YAML, so JSON bodies (what client libraries send) parse too. The core schema
    // reads no timestamps, which must stay strings.
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
