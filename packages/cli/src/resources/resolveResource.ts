import { distance } from 'fastest-levenshtein';
import { CliError } from '../errors/cliError.js';
import { ExitCode } from '../errors/exitCodes.js';
import { qualifiedName, type ApiResource } from './apiResource.js';

/**
 * Finds the resource a user means, accepting what kubectl accepts: plural, singular, short
 * name or kind (any case), optionally qualified with its group (`deployments.apps`).
 *
 * @param name - what the user typed
 * @param resources - what discovery found
 * @returns the resource
 * @throws CliError (exit code 4) naming close matches when nothing matches, or when the
 *   resource cannot be listed and watched
 */
export function resolveResource(name: string, resources: readonly ApiResource[]): ApiResource {
  const wanted = name.toLowerCase();
  const [base, ...groupParts] = wanted.split('.');
  const group = groupParts.join('.');
  const matches = resources.filter(
    (r) =>
      (groupParts.length === 0 || r.group === group || r.group.startsWith(`${group}.`)) &&
      namesOf(r).includes(base ?? ''),
  );
  // Core and the well-known groups win ties, as in kubectl (pods before metrics' pods).
  const found = matches[0];
  if (found === undefined) {
    const suggestions = suggest(wanted, resources);
    throw new CliError(
      `the server doesn't have a resource type "${name}"`,
      ExitCode.unknownResource,
      suggestions.length > 0
        ? `did you mean ${suggestions.map((s) => `"${s}"`).join(' or ')}?`
        : 'list the types with `kubectl api-resources`',
    );
  }
  if (!found.verbs.includes('list') || !found.verbs.includes('watch')) {
    throw new CliError(
      `the resource type "${qualifiedName(found)}" cannot be listed and watched`,
      ExitCode.unknownResource,
    );
  }
  return found;
}

/**
 * Close matches for a mistyped resource name: the names within a small edit distance, or that
 * start with what was typed.
 *
 * @param wanted - the name typed (lower case)
 * @param resources - what discovery found
 * @returns up to three plural names, closest first
 */
function suggest(wanted: string, resources: readonly ApiResource[]): string[] {
  const scored = new Map<string, number>();
  for (const resource of resources) {
    for (const candidate of namesOf(resource)) {
      const score = candidate.startsWith(wanted) ? 0.5 : distance(wanted, candidate);
      // Two edits (a swapped pair of letters is two) from four letters on, one below.
      const limit = wanted.length >= 4 ? Math.max(2, Math.floor(wanted.length / 3)) : 1;
      if (score > limit) continue;
      const label = qualifiedName(resource);
      scored.set(label, Math.min(scored.get(label) ?? Infinity, score));
    }
  }
  return [...scored.entries()]
    .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
    .slice(0, 3)
    .map(([label]) => label);
}

function namesOf(resource: ApiResource): string[] {
  return [
    resource.plural,
    resource.singular,
    resource.kind.toLowerCase(),
    ...resource.shortNames.map((s) => s.toLowerCase()),
  ];
}
