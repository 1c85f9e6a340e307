import type { KubeObject } from '../api/types.js';
import {
  apiExtensionsGroup,
  customResourceDefinitionKind,
} from './customResourceDefinitionSpec.js';
import type { CustomResourceSpec } from './resourceDefinition.js';
import type { Subresources } from './subresources.js';

/**
 * The CustomResourceDefinition manifest of a custom resource, as `kubectl apply` would send it:
 * one served storage version with a schema that keeps any field, the given names, scope and
 * selectable fields. Create it through the API (POST to
 * `/apis/apiextensions.k8s.io/v1/customresourcedefinitions`, client-node's
 * `ApiextensionsV1Api`, or {@link FakeApiServer.create}) to have the server serve the resource.
 *
 * @param spec - group, version, plural, kind; scope (default `Namespaced`), singular, short
 *   names and selectable fields (`spec.color`) are optional.
 * @returns the manifest, named `<plural>.<group>`.
 * @example
 * ```ts
 * server.create(customResourceDefinitionManifest({ group: 'example.com', version: 'v1', plural: 'widgets', kind: 'Widget' }));
 * ```
 */
export function customResourceDefinitionManifest(spec: CustomResourceSpec): KubeObject {
  return {
    apiVersion: `${apiExtensionsGroup}/v1`,
    kind: customResourceDefinitionKind,
    metadata: { name: `${spec.plural}.${spec.group}` },
    spec: {
      group: spec.group,
      scope: spec.scope ?? 'Namespaced',
      names: {
        plural: spec.plural,
        singular: spec.singular ?? spec.kind.toLowerCase(),
        kind: spec.kind,
        ...(spec.shortNames === undefined ? {} : { shortNames: spec.shortNames }),
      },
      versions: [
        {
          name: spec.version,
          served: true,
          storage: true,
          schema: {
            openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
          },
          ...(spec.selectableFields === undefined
            ? {}
            : {
                selectableFields: spec.selectableFields.map((path) => ({ jsonPath: `.${path}` })),
              }),
          ...(spec.subresources === undefined
            ? {}
            : { subresources: subresourcesManifest(spec.subresources) }),
        },
      ],
    },
  };
}

// A CRD version's `subresources`: `status: {}` and `scale` with its JSON paths.
function subresourcesManifest(subresources: Subresources): Record<string, unknown> {
  const { status, scale } = subresources;
  return {
    ...(status === true ? { status: {} } : {}),
    ...(scale === undefined
      ? {}
      : {
          scale: {
            specReplicasPath: scale.specReplicasPath,
            statusReplicasPath: scale.statusReplicasPath,
            ...(scale.labelSelectorPath === undefined
              ? {}
              : { labelSelectorPath: scale.labelSelectorPath }),
          },
        }),
  };
}
