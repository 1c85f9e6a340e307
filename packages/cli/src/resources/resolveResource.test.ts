import type { ApiResource } from './apiResource.js';
import { resolveResource } from './resolveResource.js';

const resource = (
  group: string,
  plural: string,
  kind: string,
  shortNames: string[] = [],
): ApiResource => ({
  group,
  version: 'v1',
  plural,
  singular: kind.toLowerCase(),
  kind,
  namespaced: true,
  shortNames,
  verbs: ['get', 'list', 'watch'],
});

const resources = [
  resource('', 'pods', 'Pod', ['po']),
  resource('', 'services', 'Service', ['svc']),
  resource('apps', 'deployments', 'Deployment', ['deploy']),
  resource('coordination.k8s.io', 'leases', 'Lease'),
];

describe('resolveResource', () => {
  it('accepts plural, singular, short name, kind and group-qualified names', () => {
    for (const name of ['pods', 'pod', 'po', 'Pod'])
      expect(resolveResource(name, resources).plural).toBe('pods');
    expect(resolveResource('deploy', resources).group).toBe('apps');
    expect(resolveResource('deployments.apps', resources).plural).toBe('deployments');
    expect(resolveResource('leases.coordination', resources).plural).toBe('leases');
  });

  it('suggests close matches, qualified with their group', () => {
    expect(() => resolveResource('pdos', resources)).toThrow(/resource type "pdos"/);
    try {
      resolveResource('deploymnets', resources);
    } catch (err) {
      expect((err as { hint?: string; exitCode?: number }).hint).toBe(
        'did you mean "deployments.apps"?',
      );
      expect((err as { exitCode?: number }).exitCode).toBe(4);
    }
    expect.assertions(3);
  });
});
