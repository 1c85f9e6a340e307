import { parseApiPath } from './apiPath.js';

// The proxy decides on its reading of a path, so it must read it as kube-apiserver does.

test.each([
  ['/api', { kind: 'discovery' }],
  ['/apis/apps/v1', { kind: 'discovery' }],
  ['/version', { kind: 'discovery' }],
  ['/api/v1/pods', { kind: 'resource', group: '', version: 'v1', resource: 'pods' }],
  [
    '/api/v1/namespaces/shop/pods/web-1',
    {
      kind: 'resource',
      group: '',
      version: 'v1',
      resource: 'pods',
      namespace: 'shop',
      name: 'web-1',
    },
  ],
  [
    '/apis/apps/v1/watch/namespaces/shop/deployments',
    { kind: 'resource', group: 'apps', version: 'v1', resource: 'deployments', namespace: 'shop' },
  ],
  ['/api/v1/namespaces', { kind: 'resource', group: '', version: 'v1', resource: 'namespaces' }],
  [
    '/api/v1/namespaces/shop',
    { kind: 'resource', group: '', version: 'v1', resource: 'namespaces', name: 'shop' },
  ],
  [
    '/api/v1/namespaces/shop/finalize',
    {
      kind: 'resource',
      group: '',
      version: 'v1',
      resource: 'namespaces',
      name: 'shop',
      subresource: 'finalize',
    },
  ],
  [
    '/api/v1/nodes/n1/proxy/metrics',
    {
      kind: 'resource',
      group: '',
      version: 'v1',
      resource: 'nodes',
      name: 'n1',
      subresource: 'proxy/metrics',
    },
  ],
  [
    '/apis/rbac.authorization.k8s.io/v1/clusterroles/system:view',
    {
      kind: 'resource',
      group: 'rbac.authorization.k8s.io',
      version: 'v1',
      resource: 'clusterroles',
      name: 'system:view',
    },
  ],
  ['/', { kind: 'unknown' }],
  ['/healthz', { kind: 'unknown' }],
  ['/api/v1/watch', { kind: 'unknown' }],
])('%s', (path, expected) => {
  expect(parseApiPath(path)).toEqual(expected);
});

test.each([
  '/api/v1/namespaces/shop/pods%2F..%2Fsecrets',
  '/api//v1/pods',
  '/api/v1/pods/..',
  '/api/v1/pods/a b',
])('%s is malformed', (path) => {
  expect(parseApiPath(path)).toMatchObject({ kind: 'malformed' });
});
