import type { ApiResource } from '../resources/apiResource.js';
import { proxyResources } from './proxyResources.js';
import { defaultProxyResources } from './resourceAllowlist.js';

const verbs = ['get', 'list', 'watch'];
const discovered: ApiResource[] = [
  {
    group: '',
    version: 'v1',
    plural: 'pods',
    singular: 'pod',
    kind: 'Pod',
    namespaced: true,
    shortNames: ['po'],
    verbs,
  },
  {
    group: '',
    version: 'v1',
    plural: 'secrets',
    singular: 'secret',
    kind: 'Secret',
    namespaced: true,
    shortNames: [],
    verbs,
  },
  {
    group: 'apps',
    version: 'v1',
    plural: 'deployments',
    singular: 'deployment',
    kind: 'Deployment',
    namespaced: true,
    shortNames: ['deploy'],
    verbs,
  },
];

test('--resources takes the names kubectl takes, resolved through discovery', () => {
  const allowlist = proxyResources({ resources: ['po', 'deploy'] }, discovered);
  expect(allowlist.resources).toEqual(['deployments.apps', 'pods']);
  expect(allowlist.check('apps', 'deployments')).toEqual({ allowed: true });
  // A bare name is the core group's only.
  expect(allowlist.check('example.com', 'pods')).toMatchObject({ allowed: false });
});

test('a name the cluster does not serve stops the command (exit code 4)', () => {
  expect(() => proxyResources({ resources: ['pdos'] }, discovered)).toThrow(
    expect.objectContaining({ exitCode: 4 }),
  );
});

test('Secrets: refused by default, a usage error when named without --allow-secrets, served with it', () => {
  const defaults = proxyResources({}, discovered);
  expect(defaults.resources).toEqual([...defaultProxyResources].sort());
  expect(defaults.check('', 'secrets')).toMatchObject({
    allowed: false,
    message: expect.stringContaining('--allow-secrets'),
  });
  expect(() => proxyResources({ resources: ['secrets'] }, discovered)).toThrow(
    expect.objectContaining({ exitCode: 2 }),
  );
  expect(proxyResources({ allowSecrets: true }, discovered).check('', 'secrets')).toEqual({
    allowed: true,
  });
  expect(proxyResources({ resources: ['pods'], allowSecrets: true }, discovered).resources).toEqual(
    ['pods', 'secrets'],
  );
});
