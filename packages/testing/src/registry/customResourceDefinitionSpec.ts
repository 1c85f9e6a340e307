import { invalid } from '../api/status.js';
import type { KubeObject, StatusCause } from '../api/types.js';
import type { CustomResourceSpec } from './resourceDefinition.js';
import type { Subresources } from './subresources.js';

/** The API group of CustomResourceDefinitions. */
export const apiExtensionsGroup = 'apiextensions.k8s.io';

/** The kind of CustomResourceDefinitions. */
export const customResourceDefinitionKind = 'CustomResourceDefinition';

/** A CustomResourceDefinition read into what the server serves for it. */
export interface ParsedCustomResourceDefinition {
  /** The resource it defines, at the one version the fake serves (see below). */
  readonly spec: CustomResourceSpec & { scope: 'Namespaced' | 'Cluster' };
  /** `spec.names` with the defaults kube-apiserver fills in (singular, listKind). */
  readonly acceptedNames: Readonly<Record<string, unknown>>;
}

type Cause = Required<Pick<StatusCause, 'field' | 'message'>> & { reason?: string };

// apimachinery's IsDNS1035Label, which kube-apiserver applies to plural, singular, short names,
// the lower-cased kind and version names.
const dns1035Label = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const dnsSubdomain = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/**
 * Reads a CustomResourceDefinition the way kube-apiserver validates one (the subset the fake
 * needs): `metadata.name` is `<plural>.<group>`; `spec.group` a DNS subdomain with a dot;
 * `spec.names.plural`/`kind` present and valid; `spec.scope` `Namespaced` or `Cluster`; exactly
 * one storage version, served. The fake serves one version per resource: the storage version
 * (conversion between versions is not modelled).
 *
 * @param crd - the object as it would be stored; untrusted JSON.
 * @returns the resource to serve and the accepted names.
 * @throws StatusError 422 `Invalid`, one cause per field, as kube-apiserver answers.
 */
export function parseCustomResourceDefinition(crd: KubeObject): ParsedCustomResourceDefinition {
  const name = crd.metadata.name ?? '';
  const causes: Cause[] = [];
  const spec = record(crd['spec']);
  const names = record(spec['names']);
  const group = text(spec['group']);
  const plural = text(names['plural']);
  const kind = text(names['kind']);
  const singular = text(names['singular']) || kind.toLowerCase();
  const scope = text(spec['scope']);

  if (group === '') causes.push(required('spec.group'));
  else if (!dnsSubdomain.test(group) || !group.includes('.')) {
    causes.push(value('spec.group', group, 'should be a domain with at least one dot'));
  }
  if (plural === '') causes.push(required('spec.names.plural'));
  else if (!dns1035Label.test(plural)) causes.push(label('spec.names.plural', plural));
  if (!dns1035Label.test(singular)) causes.push(label('spec.names.singular', singular));
  if (kind === '') causes.push(required('spec.names.kind'));
  else if (!dns1035Label.test(kind.toLowerCase())) causes.push(label('spec.names.kind', kind));
  const shortNames = strings(names['shortNames']);
  shortNames.forEach((short, i) => {
    if (!dns1035Label.test(short)) causes.push(label(`spec.names.shortNames[${i}]`, short));
  });
  if (scope === '') causes.push(required('spec.scope'));
  else if (scope !== 'Namespaced' && scope !== 'Cluster') {
    causes.push({
      field: 'spec.scope',
      message: `Unsupported value: "${scope}": supported values: "Cluster", "Namespaced"`,
      reason: 'FieldValueNotSupported',
    });
  }
  if (plural !== '' && group !== '' && name !== `${plural}.${group}`) {
    causes.push(value('metadata.name', name, 'must be spec.names.plural+"."+spec.group'));
  }

  const versions = Array.isArray(spec['versions']) ? spec['versions'].map(record) : [];
  versions.forEach((v, i) => {
    if (!dns1035Label.test(text(v['name']))) {
      causes.push(label(`spec.versions[${i}].name`, text(v['name'])));
    }
  });
  const storage = versions.filter((v) => v['storage'] === true);
  if (versions.length === 0) {
    causes.push({
      ...required('spec.versions'),
      message: 'Required value: must have exactly one version marked as storage version',
    });
  } else if (storage.length !== 1) {
    causes.push(
      value(
        'spec.versions',
        `${storage.length} storage versions`,
        'must have exactly one version marked as storage version',
      ),
    );
  } else if (storage[0]?.['served'] !== true) {
    causes.push(
      value(
        'spec.versions',
        text(storage[0]?.['name']),
        'the storage version must be served (the fake serves only the storage version)',
      ),
    );
  }
  const stored = storage[0] ?? {};
  const index = versions.indexOf(stored);
  const selectableFields = (
    Array.isArray(stored['selectableFields']) ? stored['selectableFields'] : []
  ).map((f, i) => {
    const path = text(record(f)['jsonPath']);
    if (!/^\.[A-Za-z0-9_.]+$/.test(path)) {
      causes.push(
        value(
          `spec.versions[${index}].selectableFields[${i}].jsonPath`,
          path,
          'must be a simple json path starting with .',
        ),
      );
    }
    return path.slice(1);
  });

  const subresources = subresourcesOf(record(stored['subresources']), index, causes);

  if (causes.length > 0)
    throw invalid(customResourceDefinitionKind, name, causes, apiExtensionsGroup);
  return {
    spec: {
      group,
      version: text(stored['name']),
      plural,
      kind,
      singular,
      scope: scope as 'Namespaced' | 'Cluster',
      shortNames,
      selectableFields,
      ...(subresources === undefined ? {} : { subresources }),
    },
    acceptedNames: {
      plural,
      singular,
      kind,
      listKind: text(names['listKind']) || `${kind}List`,
      ...(shortNames.length > 0 ? { shortNames } : {}),
      ...(Array.isArray(names['categories']) ? { categories: strings(names['categories']) } : {}),
    },
  };
}

// A version's `subresources`: `status: {}` serves /status; `scale` names its JSON paths.
function subresourcesOf(
  given: Record<string, unknown>,
  index: number,
  causes: Cause[],
): Subresources | undefined {
  const status = given['status'] !== undefined && given['status'] !== null;
  if (given['scale'] === undefined || given['scale'] === null) {
    return status ? { status } : undefined;
  }
  const scale = record(given['scale']);
  const at = `spec.versions[${index}].subresources.scale`;
  const path = (key: string, isRequired: boolean): string | undefined => {
    const found = scale[key];
    if (found === undefined || found === null || found === '') {
      if (isRequired) causes.push(required(`${at}.${key}`));
      return undefined;
    }
    const got = text(found);
    if (!/^\.[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/.test(got)) {
      causes.push(value(`${at}.${key}`, got, 'must be a simple json path starting with .'));
    }
    return got;
  };
  const specReplicasPath = path('specReplicasPath', true) ?? '';
  const statusReplicasPath = path('statusReplicasPath', true) ?? '';
  const labelSelectorPath = path('labelSelectorPath', false);
  return {
    status,
    scale: {
      specReplicasPath,
      statusReplicasPath,
      ...(labelSelectorPath === undefined ? {} : { labelSelectorPath }),
    },
  };
}

function record(x: unknown): Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
    ? (x as Record<string, unknown>)
    : {};
}

function text(x: unknown): string {
  return typeof x === 'string' ? x : '';
}

function strings(x: unknown): string[] {
  return Array.isArray(x) ? x.map(text) : [];
}

function required(field: string): Cause {
  return { field, message: 'Required value', reason: 'FieldValueRequired' };
}

function value(field: string, got: string, why: string): Cause {
  return { field, message: `Invalid value: "${got}": ${why}` };
}

function label(field: string, got: string): Cause {
  return value(
    field,
    got,
    "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character",
  );
}
