import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  expiredStatus,
  failure,
  methodNotAllowed,
  pathNotFound,
  StatusError,
  tooLargeResourceVersionStatus,
} from '../api/status.js';
import type { Status } from '../api/types.js';
import type { RequestFault } from '../faults/faultKinds.js';
import type { Authenticator } from '../auth/authenticator.js';
import { apiGroup, apiGroupList, apiResourceList, coreApiVersions } from '../registry/discovery.js';
import type { ResourceDefinition } from '../registry/resourceDefinition.js';
import { parseFieldSelector } from '../selectors/fieldSelector.js';
import { parseLabelSelector } from '../selectors/labelSelector.js';
import type { ObjectFilter } from '../selectors/objectFilter.js';
import { ShardSelector } from '../selectors/shardSelector.js';
import type { ServerContext } from '../serverContext.js';
import { objectJson, partialObjectMetadataJsonParts } from '../storage/objectJson.js';
import { serveWatch } from '../watch/watchHandler.js';
import { serveList } from './listHandler.js';
import { createObject, deleteObject, getObject, replaceObject } from './objectHandlers.js';
import { patchObject } from './patchHandler.js';
import { getScale, patchScale, replaceScale } from './scaleHandlers.js';
import { checkOutputFits, negotiateOutput } from './outputMediaType.js';
import { parseListWatchQuery } from './queryOptions.js';
import { sendJson, sendJsonBody, sendStatus, statusOf } from './responses.js';
import type { Route } from './router.js';
import { route } from './router.js';

/** The version `GET /version` reports. */
const versionInfo = {
  major: '1',
  minor: '34',
  gitVersion: 'v1.34.0-rxkube-fake',
  gitCommit: '0000000000000000000000000000000000000000',
  gitTreeState: 'clean',
  buildDate: '2025-01-01T00:00:00Z',
  goVersion: 'go1.24.0',
  compiler: 'gc',
  platform: 'linux/amd64',
};

/**
 * Answers one HTTP request: authentication, request faults, routing, and Status errors for
 * anything refused.
 *
 * @param ctx - the server.
 * @param auth - the authenticator.
 * @param serverAddress - `host:port` for discovery.
 * @param req - the request.
 * @param res - the response.
 * @returns once the response is sent, or once a watch is set up.
 */
export async function handleRequest(
  ctx: ServerContext,
  auth: Authenticator,
  serverAddress: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://fake');
  ctx.requests.record(req.method ?? 'GET', url);
  try {
    auth.authenticate(req);
    const target = route(url.pathname, ctx.registry);
    if (target.kind !== 'resource') {
      // An unserved path is 404 whatever the method (a write to a custom resource whose CRD is
      // not there yet included), as on kube-apiserver.
      if (target.kind === 'notFound') throw pathNotFound();
      if (req.method !== 'GET' && req.method !== 'HEAD') throw methodNotAllowed(req.method ?? '');
      sendJson(res, 200, document(ctx, target, serverAddress));
      return;
    }
    await handleResource(ctx, auth, target, url.searchParams, req, res);
  } catch (error) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendStatus(res, statusOf(error));
  }
}

function document(
  ctx: ServerContext,
  target: Exclude<Route, { kind: 'resource' }>,
  address: string,
): unknown {
  switch (target.kind) {
    case 'version':
      return versionInfo;
    case 'health':
      return 'ok';
    case 'notFound':
      throw pathNotFound();
    case 'discovery': {
      const doc =
        target.path === 'api'
          ? coreApiVersions(address)
          : target.path === 'apis'
            ? apiGroupList(ctx.registry)
            : target.path === 'group'
              ? apiGroup(ctx.registry, target.group)
              : apiResourceList(ctx.registry, target.group, target.version);
      if (doc === undefined) throw pathNotFound();
      return doc;
    }
  }
}

async function handleResource(
  ctx: ServerContext,
  auth: Authenticator,
  target: Extract<Route, { kind: 'resource' }>,
  params: URLSearchParams,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const { def, namespace, name } = target;
  const method = req.method ?? 'GET';
  if (target.subresource !== undefined && name !== undefined) {
    await handleSubresource(
      ctx,
      auth,
      { ...target, name, subresource: target.subresource },
      req,
      res,
    );
    return;
  }
  const query =
    method === 'GET'
      ? parseListWatchQuery(params, target.legacyWatch, ctx.options.watchList)
      : undefined;
  const verb = verbOf(method, name, query?.watch ?? false);
  auth.authorize(verb, def.plural, def.group, namespace);
  await applyRequestFault(ctx, verb, def, query?.resourceVersion ?? '', res);
  // A delayed request the client gave up on, or that the server's stop ended, is not served: a
  // watch opened on a closed response would keep its timers running after the server stopped.
  if (res.writableEnded || res.destroyed) return;

  if (query !== undefined) {
    const output = negotiateOutput(req.headers.accept, ctx.options.partialObjectMetadata);
    const isList = !query.watch && name === undefined;
    checkOutputFits(output, isList, def.kind);
    const headers: Record<string, string> =
      output.as === undefined ? {} : { 'Content-Type': output.contentType };
    if (query.watch) {
      await serveWatch(
        ctx,
        res,
        def,
        filterOf(def, namespace, name, query, ctx.options.shardedListAndWatch),
        query,
        output,
      );
    } else if (name !== undefined) {
      const found = getObject(ctx, def, namespace, name);
      const body =
        output.as === undefined
          ? objectJson(found)
          : partialObjectMetadataJsonParts(found, output.apiVersion).join('');
      sendJsonBody(res, 200, body, headers);
    } else {
      const filter = filterOf(def, namespace, undefined, query, ctx.options.shardedListAndWatch);
      sendJsonBody(res, 200, await serveList(ctx, def, filter, query, output), headers);
    }
    return;
  }
  let result;
  if (method === 'POST' && name === undefined)
    result = await createObject(ctx, req, def, namespace);
  else if (method === 'PUT' && name !== undefined) {
    result = await replaceObject(ctx, req, { def, namespace, name, scope: 'resource' });
  } else if (method === 'PATCH' && name !== undefined) {
    result = await patchObject(ctx, req, { def, namespace, name, scope: 'resource' });
  } else if (method === 'DELETE' && name !== undefined) {
    result = await deleteObject(ctx, req, def, namespace, name);
  } else throw methodNotAllowed(method);
  sendJsonBody(res, result.code, objectJson(result.body));
}

// `/status` and `/scale` of one object: get, update and patch, as kube-apiserver serves them
// (no list, watch, create or delete).
async function handleSubresource(
  ctx: ServerContext,
  auth: Authenticator,
  target: Extract<Route, { kind: 'resource' }> & { name: string; subresource: 'status' | 'scale' },
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const { def, namespace, name, subresource } = target;
  const method = req.method ?? 'GET';
  if (method !== 'GET' && method !== 'PUT' && method !== 'PATCH') throw methodNotAllowed(method);
  const verb = verbOf(method, name, false);
  auth.authorize(verb, def.plural, def.group, namespace);
  await applyRequestFault(ctx, verb, def, '', res);
  if (res.writableEnded) return;
  if (subresource === 'scale') {
    const scaleTarget = { def, namespace, name };
    if (method === 'GET') {
      req.resume();
      sendJsonBody(res, 200, objectJson(getScale(ctx, scaleTarget)));
      return;
    }
    const result =
      method === 'PUT'
        ? await replaceScale(ctx, req, scaleTarget)
        : await patchScale(ctx, req, scaleTarget);
    sendJsonBody(res, result.code, objectJson(result.body));
    return;
  }
  if (method === 'GET') {
    req.resume();
    sendJsonBody(res, 200, objectJson(getObject(ctx, def, namespace, name)));
    return;
  }
  const itemTarget = { def, namespace, name, scope: 'status' as const };
  const result =
    method === 'PUT'
      ? await replaceObject(ctx, req, itemTarget)
      : await patchObject(ctx, req, itemTarget);
  sendJsonBody(res, result.code, objectJson(result.body));
}

function filterOf(
  def: ResourceDefinition,
  namespace: string | undefined,
  name: string | undefined,
  query: { labelSelector: string; fieldSelector: string; shardSelector: string },
  sharding: boolean,
): ObjectFilter {
  const fields = parseFieldSelector(query.fieldSelector, def);
  // A watch on an item path is a watch on the collection narrowed to that name.
  const requirements =
    name === undefined
      ? fields.requirements
      : [...fields.requirements, { field: 'metadata.name', op: '=' as const, value: name }];
  // Without the ShardedListAndWatch gate, kube-apiserver does not know the parameter at all.
  const shard =
    sharding && query.shardSelector.trim() !== ''
      ? ShardSelector.parse(query.shardSelector)
      : undefined;
  return {
    namespace,
    labels: parseLabelSelector(query.labelSelector),
    fields: { requirements },
    shard,
  };
}

function verbOf(method: string, name: string | undefined, watch: boolean): string {
  switch (method) {
    case 'GET':
      return watch ? 'watch' : name === undefined ? 'list' : 'get';
    case 'POST':
      return 'create';
    case 'PUT':
      return 'update';
    case 'PATCH':
      return 'patch';
    case 'DELETE':
      return 'delete';
    default:
      return method.toLowerCase();
  }
}

async function applyRequestFault(
  ctx: ServerContext,
  verb: string,
  def: ResourceDefinition,
  resourceVersion: string,
  res: ServerResponse,
): Promise<void> {
  const fault = ctx.faults.takeRequestFault(verb, def.plural);
  if (fault === undefined) return;
  ctx.faults.record(fault.kind);
  if (fault.kind === 'rawResponse') {
    res.writeHead(fault.code, { 'Content-Type': 'application/json' });
    res.end(fault.body);
    return;
  }
  if (fault.kind === 'delayResponse') {
    await delay(fault.ms, ctx.shutdown);
    if (ctx.shutdown.aborted) res.destroy();
    return;
  }
  throw new StatusError(injectedStatus(fault, resourceVersion, ctx));
}

function injectedStatus(
  fault: Extract<RequestFault, { kind: 'errorResponse' }>,
  resourceVersion: string,
  ctx: ServerContext,
): Status {
  const { code, retryAfterSeconds } = fault;
  const details = retryAfterSeconds === undefined ? {} : { retryAfterSeconds };
  switch (code) {
    case 410:
      return expiredStatus('The resourceVersion for the provided list is too old.');
    case 504:
      return tooLargeResourceVersionStatus(
        resourceVersion,
        ctx.store.format(ctx.store.resourceVersion),
      );
    case 429:
      return failure(
        code,
        'TooManyRequests',
        'Too many requests, please try again later.',
        details,
      );
    case 503:
      return failure(
        code,
        'ServiceUnavailable',
        'The server is currently unable to handle the request',
        details,
      );
    case 500:
      return failure(code, 'InternalError', 'Internal error occurred: injected fault', details);
    case 400:
      return failure(
        code,
        'BadRequest',
        'the server rejected our request: injected fault',
        details,
      );
    case 403:
      return failure(code, 'Forbidden', 'forbidden: injected fault', details);
  }
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}
