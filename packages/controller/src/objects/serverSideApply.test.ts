import { ApiException, type KubernetesObjectApi } from '@kubernetes/client-node';
import { ApplyConflictError, serverSideApply } from './serverSideApply.js';

// A 409's body is the server's: not necessarily JSON, any field of any type. The conflict is
// still the typed ApplyConflictError, whatever the body says.

/** A client whose apply answers 409 with `body`. */
const conflicting = (body: unknown): KubernetesObjectApi =>
  ({
    patch: () => Promise.reject(new ApiException(409, 'Conflict', body, {})),
  }) as unknown as KubernetesObjectApi;

const configuration = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'app', namespace: 'default' },
};

test.each([
  ['a body that is not JSON', '<html>409</html>', []],
  [
    'causes that are not objects, or fields that are not strings',
    JSON.stringify({
      kind: 'Status',
      details: { causes: [null, 'x', { field: 5, message: { text: 'x' } }, { field: '.data.a' }] },
    }),
    [
      { field: '', message: '' },
      { field: '', message: '' },
      { field: '', message: '' },
      { field: '.data.a', message: '' },
    ],
  ],
  ['details that are not an object', { kind: 'Status', details: 'x' }, []],
])('a 409 with %s is an ApplyConflictError', async (_name, body, conflicts) => {
  const error = await serverSideApply(conflicting(body), configuration, {
    fieldManager: 'app-controller',
  }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApplyConflictError);
  expect((error as ApplyConflictError).conflicts).toEqual(conflicts);
});
