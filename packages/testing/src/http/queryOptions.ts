import { badRequest, invalid } from '../api/status.js';

/** The list/watch query parameters, parsed. */
export interface ListWatchQuery {
  /** `watch=…` (or the legacy `/watch/` path). */
  readonly watch: boolean;
  /** `resourceVersion`; `''` when absent or empty. */
  readonly resourceVersion: string;
  /** `resourceVersionMatch`; `''` when absent. */
  readonly resourceVersionMatch: '' | 'NotOlderThan' | 'Exact';
  /** `limit`; 0 when absent (no limit). */
  readonly limit: number;
  /** `continue`; `''` when absent. */
  readonly continueToken: string;
  /** `labelSelector` text. */
  readonly labelSelector: string;
  /** `fieldSelector` text. */
  readonly fieldSelector: string;
  /** `shardSelector` text (KEP-5866 sharded list and watch); `''` when absent. */
  readonly shardSelector: string;
  /** `allowWatchBookmarks`. */
  readonly allowWatchBookmarks: boolean;
  /** `sendInitialEvents`; undefined when absent (its presence matters). */
  readonly sendInitialEvents: boolean | undefined;
  /** `timeoutSeconds`; undefined when absent. */
  readonly timeoutSeconds: number | undefined;
}

/**
 * A boolean query value as kube-apiserver reads it: missing, `0` or `false` (any case) are
 * false; anything else, even empty, is true.
 *
 * @param value - the raw value, or null when absent.
 * @returns the boolean.
 */
export function parseBool(value: string | null): boolean {
  if (value === null) return false;
  const v = value.toLowerCase();
  return v !== '0' && v !== 'false';
}

function parseInteger(name: string, value: string | null): number | undefined {
  if (value === null || value === '') return undefined;
  if (!/^-?\d+$/.test(value)) throw badRequest(`invalid value for ${name}: "${value}"`);
  return Number(value);
}

function listOptionsInvalid(field: string, message: string): Error {
  return invalid(
    'ListOptions',
    '',
    [{ field, message, reason: 'FieldValueForbidden' }],
    'meta.k8s.io',
  );
}

/**
 * Parses the query and applies kube-apiserver's up-front rejections for lists and watches.
 *
 * @param params - the URL's query.
 * @param legacyWatch - whether the path used the `/watch/` prefix.
 * @param watchListEnabled - whether the `WatchList` gate (streaming lists) is on.
 * @returns the parsed options.
 * @throws StatusError 422 `Invalid` (ListOptions) or 400 `BadRequest`.
 */
export function parseListWatchQuery(
  params: URLSearchParams,
  legacyWatch: boolean,
  watchListEnabled: boolean,
): ListWatchQuery {
  const match = params.get('resourceVersionMatch') ?? '';
  if (match !== '' && match !== 'NotOlderThan' && match !== 'Exact') {
    throw invalid(
      'ListOptions',
      '',
      [
        {
          field: 'resourceVersionMatch',
          message: `Unsupported value: "${match}": supported values: "Exact", "NotOlderThan", ""`,
          reason: 'FieldValueNotSupported',
        },
      ],
      'meta.k8s.io',
    );
  }
  const sendRaw = params.get('sendInitialEvents');
  const query: ListWatchQuery = {
    watch: legacyWatch || parseBool(params.get('watch')),
    resourceVersion: params.get('resourceVersion') ?? '',
    resourceVersionMatch: match,
    limit: Math.max(0, parseInteger('limit', params.get('limit')) ?? 0),
    continueToken: params.get('continue') ?? '',
    labelSelector: params.get('labelSelector') ?? '',
    fieldSelector: params.get('fieldSelector') ?? '',
    shardSelector: params.get('shardSelector') ?? '',
    allowWatchBookmarks: parseBool(params.get('allowWatchBookmarks')),
    sendInitialEvents: sendRaw === null ? undefined : parseBool(sendRaw),
    timeoutSeconds: parseInteger('timeoutSeconds', params.get('timeoutSeconds')),
  };
  if (query.watch) validateWatch(query, watchListEnabled);
  else validateList(query);
  return query;
}

function validateList(q: ListWatchQuery): void {
  if (q.sendInitialEvents !== undefined) {
    throw listOptionsInvalid(
      'sendInitialEvents',
      'Forbidden: sendInitialEvents is forbidden for list',
    );
  }
  if (q.resourceVersionMatch !== '') {
    if (q.resourceVersion === '') {
      throw listOptionsInvalid(
        'resourceVersionMatch',
        'Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided',
      );
    }
    if (q.continueToken !== '') {
      throw listOptionsInvalid(
        'resourceVersionMatch',
        'Forbidden: resourceVersionMatch is forbidden when continue is provided',
      );
    }
    if (q.resourceVersionMatch === 'Exact' && q.resourceVersion === '0') {
      throw listOptionsInvalid(
        'resourceVersionMatch',
        'Forbidden: resourceVersionMatch "exact" is forbidden for resourceVersion "0"',
      );
    }
  }
  if (q.continueToken !== '' && q.resourceVersion !== '' && q.resourceVersion !== '0') {
    throw badRequest('specifying resource version is not allowed when using continue');
  }
}

function validateWatch(q: ListWatchQuery, watchListEnabled: boolean): void {
  if (q.sendInitialEvents !== undefined) {
    if (!watchListEnabled) {
      throw listOptionsInvalid(
        'sendInitialEvents',
        'Forbidden: sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled',
      );
    }
    if (q.resourceVersionMatch !== 'NotOlderThan') {
      throw listOptionsInvalid(
        'resourceVersionMatch',
        "Forbidden: sendInitialEvents requires setting resourceVersionMatch to 'NotOlderThan'",
      );
    }
  } else if (q.resourceVersionMatch !== '') {
    throw listOptionsInvalid(
      'resourceVersionMatch',
      'Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided',
    );
  }
}
