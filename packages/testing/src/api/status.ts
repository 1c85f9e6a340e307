import type { Status, StatusCause } from './types.js';

/** Details a Status may carry about the object or request it refers to. */
export type StatusDetails = NonNullable<Status['details']>;

/**
 * An error that the HTTP layer turns into a `Status` response (or an `ERROR` watch event) with
 * the Status's code as the HTTP status.
 */
export class StatusError extends Error {
  /** The Status object sent to the client. */
  readonly status: Status;

  /**
   * @param status - the Status to send; its `code` is the HTTP status.
   */
  constructor(status: Status) {
    super(status.message);
    this.name = 'StatusError';
    this.status = status;
  }
}

/**
 * Builds a failure Status.
 *
 * @param code - HTTP status code.
 * @param reason - machine-readable reason (`NotFound`, `Expired`, …).
 * @param message - human-readable message.
 * @param details - optional details; omitted from the body when undefined.
 * @returns the Status object.
 */
export function failure(
  code: number,
  reason: string,
  message: string,
  details?: StatusDetails,
): Status {
  const status: Status = {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason,
    code,
  };
  if (details !== undefined) status.details = details;
  return status;
}

/** Names the object a Status talks about, the way kube-apiserver fills `details`. */
export interface ObjectRef {
  /** Resource plural, e.g. `pods`. */
  resource: string;
  /** API group, `''` for core. */
  group: string;
  /** Object name. */
  name: string;
}

function qualified(ref: ObjectRef): string {
  return ref.group === '' ? ref.resource : `${ref.resource}.${ref.group}`;
}

function refDetails(ref: ObjectRef): StatusDetails {
  const details: StatusDetails = { name: ref.name, kind: ref.resource };
  if (ref.group !== '') details.group = ref.group;
  return details;
}

/**
 * 404 for a missing object.
 *
 * @param ref - the object looked for.
 * @returns a `NotFound` StatusError.
 */
export function notFound(ref: ObjectRef): StatusError {
  return new StatusError(
    failure(404, 'NotFound', `${qualified(ref)} "${ref.name}" not found`, refDetails(ref)),
  );
}

/**
 * 404 for a path that names no resource the server serves.
 *
 * @returns a `NotFound` StatusError with kube-apiserver's generic message.
 */
export function pathNotFound(): StatusError {
  return new StatusError(
    failure(404, 'NotFound', 'the server could not find the requested resource', {}),
  );
}

/**
 * 404 for an object whose `apiVersion`/`kind` no served resource has (the programmatic API's
 * counterpart of {@link pathNotFound}).
 *
 * @param apiVersion - the object's apiVersion.
 * @param kind - the object's kind.
 * @returns a `NotFound` StatusError naming both.
 */
export function kindNotFound(apiVersion: string, kind: string): StatusError {
  return new StatusError(
    failure(
      404,
      'NotFound',
      `the server could not find the requested resource: no resource serves kind "${kind}" in version "${apiVersion}"`,
      { kind },
    ),
  );
}

/**
 * 409 for a create whose name is taken.
 *
 * @param ref - the object that already exists.
 * @returns an `AlreadyExists` StatusError.
 */
export function alreadyExists(ref: ObjectRef): StatusError {
  return new StatusError(
    failure(
      409,
      'AlreadyExists',
      `${qualified(ref)} "${ref.name}" already exists`,
      refDetails(ref),
    ),
  );
}

/**
 * 409 for a write whose precondition (resourceVersion or uid) no longer holds.
 *
 * @param ref - the object written.
 * @returns a `Conflict` StatusError.
 */
export function conflict(ref: ObjectRef): StatusError {
  return new StatusError(
    failure(
      409,
      'Conflict',
      `Operation cannot be fulfilled on ${qualified(ref)} "${ref.name}": the object has been modified; please apply your changes to the latest version and try again`,
      refDetails(ref),
    ),
  );
}

/**
 * 422 for an invalid object or invalid request options.
 *
 * @param kind - the kind named in the message (`Pod`, `ListOptions`).
 * @param name - the object's name (may be empty).
 * @param causes - one cause per invalid field.
 * @param group - the kind's API group.
 * @returns an `Invalid` StatusError.
 */
export function invalid(
  kind: string,
  name: string,
  causes: Array<Required<Pick<StatusCause, 'field' | 'message'>> & { reason?: string }>,
  group = '',
): StatusError {
  const text = causes.map((c) => `${c.field}: ${c.message}`).join(', ');
  const summary = causes.length === 1 ? text : `[${text}]`;
  const full: StatusCause[] = causes.map((c) => ({
    reason: c.reason ?? 'FieldValueInvalid',
    message: c.message,
    field: c.field,
  }));
  const details: StatusDetails = { name, kind, causes: full };
  if (group !== '') details.group = group;
  const qualifiedKind = group === '' ? kind : `${kind}.${group}`;
  return new StatusError(
    failure(422, 'Invalid', `${qualifiedKind} "${name}" is invalid: ${summary}`, details),
  );
}

/**
 * 400 for a request the server cannot parse.
 *
 * @param message - what was wrong.
 * @returns a `BadRequest` StatusError.
 */
export function badRequest(message: string): StatusError {
  return new StatusError(failure(400, 'BadRequest', message));
}

/**
 * 410 `Expired`, used for compacted list snapshots and too-old watch starts.
 *
 * @param message - the message kube-apiserver uses for the case.
 * @param continueToken - a fresh continue token for the inconsistent continuation, if any.
 * @returns the Status (not an error: watch streams send it as an event).
 */
export function expiredStatus(message: string, continueToken?: string): Status {
  const status = failure(410, 'Expired', message);
  if (continueToken !== undefined) status.metadata.continue = continueToken;
  return status;
}

/**
 * 504 for a resourceVersion the server has not reached within its wait.
 *
 * @param requested - the resourceVersion asked for.
 * @param current - the server's current resourceVersion.
 * @returns the Status with cause `ResourceVersionTooLarge` and a 1 s retry hint.
 */
export function tooLargeResourceVersionStatus(requested: string, current: string): Status {
  return failure(
    504,
    'Timeout',
    `Timeout: Too large resource version: ${requested}, current: ${current}`,
    {
      causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }],
      retryAfterSeconds: 1,
    },
  );
}

/**
 * 401 for a request without the server's bearer token.
 *
 * @returns an `Unauthorized` StatusError.
 */
export function unauthorized(): StatusError {
  return new StatusError(failure(401, 'Unauthorized', 'Unauthorized'));
}

/**
 * 403 for a verb the caller may not use in a namespace.
 *
 * @param user - the authenticated user's name.
 * @param verb - the Kubernetes verb (`list`, `watch`, `create`…).
 * @param resource - resource plural.
 * @param group - API group.
 * @param namespace - the forbidden namespace.
 * @returns a `Forbidden` StatusError.
 */
export function forbidden(
  user: string,
  verb: string,
  resource: string,
  group: string,
  namespace: string,
): StatusError {
  return new StatusError(
    failure(
      403,
      'Forbidden',
      `${group === '' ? resource : `${resource}.${group}`} is forbidden: User "${user}" cannot ${verb} resource "${resource}" in API group "${group}" in the namespace "${namespace}"`,
      { kind: resource, ...(group === '' ? {} : { group }) },
    ),
  );
}

/**
 * 405 for a verb the path does not support.
 *
 * @param method - the HTTP method used.
 * @returns a `MethodNotAllowed` StatusError.
 */
export function methodNotAllowed(method: string): StatusError {
  return new StatusError(
    failure(
      405,
      'MethodNotAllowed',
      `the server does not allow this method on the requested resource (${method})`,
      {},
    ),
  );
}

/**
 * 500 for an internal failure (also what kube-apiserver answers for a non-numeric resourceVersion).
 *
 * @param message - what failed.
 * @returns an `InternalError` StatusError.
 */
export function internalError(message: string): StatusError {
  return new StatusError(
    failure(500, 'InternalError', `Internal error occurred: ${message}`, {
      causes: [{ message }],
    }),
  );
}
