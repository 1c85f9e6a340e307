import { invalid } from '../api/status.js';
import type { KubeObject } from '../api/types.js';
import type { ServerContext } from '../serverContext.js';
import { timestamp } from '../storage/objectMeta.js';
import type { WriteHook } from '../storage/writeHook.js';
import type { ParsedCustomResourceDefinition } from './customResourceDefinitionSpec.js';
import {
  apiExtensionsGroup,
  customResourceDefinitionKind,
  parseCustomResourceDefinition,
} from './customResourceDefinitionSpec.js';
import { apiVersionOf, resourceId } from './resourceDefinition.js';

/**
 * What kube-apiserver's apiextensions server does with a CustomResourceDefinition, as a write
 * hook on the `customresourcedefinitions` resource, so that it happens however the CRD is
 * written (HTTP or the programmatic API):
 *
 * - create: the CRD is validated (422 otherwise), its resource served at once (paths, discovery,
 *   watches) and its status says so (`NamesAccepted` and `Established` true, `acceptedNames`,
 *   `storedVersions`). kube-apiserver sets that status a moment later, in a second write; the
 *   fake writes it with the create, so a client never waits for `Established`.
 * - update: `spec.scope` and the served version cannot change (422); names, short names and
 *   selectable fields are served as updated.
 * - delete: every object of the resource is deleted first (watchers get their DELETED events),
 *   then the resource stops being served (404 on its paths, gone from discovery) and its open
 *   watches end cleanly, as when kube-apiserver tears down a CRD's storage; then the CRD goes.
 *   No `Terminating` phase or finalizer is shown.
 *
 * @param ctx - the server.
 * @returns the hook to set on the `customresourcedefinitions` resource.
 */
export function customResourceDefinitionHook(ctx: ServerContext): WriteHook {
  return {
    admit(crd: KubeObject, previous: KubeObject | undefined): KubeObject {
      const parsed = parseCustomResourceDefinition(crd);
      const { spec } = parsed;
      const refuse = (field: string, message: string): never => {
        throw invalid(
          customResourceDefinitionKind,
          crd.metadata.name ?? '',
          [{ field, message }],
          apiExtensionsGroup,
        );
      };
      if (previous === undefined) {
        const taken =
          ctx.registry.lookup(spec.group, spec.version, spec.plural) ??
          ctx.registry.lookupKind(apiVersionOf(spec), spec.kind);
        if (taken !== undefined) {
          refuse(
            'spec.names',
            `Invalid value: "${spec.plural}": ${taken.plural}.${taken.group}/${taken.version} is already served`,
          );
        }
      } else {
        const before = parseCustomResourceDefinition(previous).spec;
        if (before.scope !== spec.scope) {
          refuse('spec.scope', `Invalid value: "${spec.scope}": field is immutable`);
        }
        if (before.version !== spec.version) {
          refuse(
            'spec.versions',
            `Invalid value: "${spec.version}": the fake API server cannot change the storage version of a served resource`,
          );
        }
        ctx.registry.unregister(before);
      }
      ctx.registry.registerCustomResource(spec);
      return { ...crd, status: establishedStatus(parsed, previous, ctx.options.now()) };
    },

    deleting(crd: KubeObject): void {
      const { spec } = parseCustomResourceDefinition(crd);
      const def = ctx.registry.lookup(spec.group, spec.version, spec.plural);
      if (def === undefined) return;
      for (const [, object] of ctx.store.snapshot(def).entries) {
        ctx.store.purge(def, object.metadata.namespace, object.metadata.name ?? '');
      }
      ctx.registry.unregister(def);
      const id = resourceId(def);
      for (const watch of [...ctx.watches]) {
        if (resourceId(watch.def) === id) watch.close();
      }
    },
  };
}

function establishedStatus(
  parsed: ParsedCustomResourceDefinition,
  previous: KubeObject | undefined,
  now: Date,
): Record<string, unknown> {
  const before = (previous?.['status'] ?? {}) as { conditions?: unknown; storedVersions?: unknown };
  const at = timestamp(now);
  const conditions = Array.isArray(before.conditions)
    ? before.conditions
    : [
        condition('NamesAccepted', 'NoConflicts', 'no conflicts found', at),
        condition(
          'Established',
          'InitialNamesAccepted',
          'the initial names have been accepted',
          at,
        ),
      ];
  const stored = Array.isArray(before.storedVersions) ? (before.storedVersions as unknown[]) : [];
  return {
    conditions,
    acceptedNames: parsed.acceptedNames,
    storedVersions: stored.includes(parsed.spec.version)
      ? stored
      : [...stored, parsed.spec.version],
  };
}

function condition(type: string, reason: string, message: string, at: string): object {
  return { type, status: 'True', lastTransitionTime: at, reason, message };
}
