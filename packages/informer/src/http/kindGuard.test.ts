import { KindGuard } from './kindGuard.js';

test('learns the kind from the first list and refuses lists and objects of another kind', () => {
  const guard = new KindGuard(undefined);
  expect(guard.checkObject({ kind: 'ConfigMap' })).toBeUndefined(); // nothing learnt yet
  expect(guard.checkList('PodList')).toBeUndefined();
  expect(guard.checkList('PodList')).toBeUndefined();
  expect(guard.checkList('ConfigMapList')).toBe('kind ConfigMapList, expected PodList');
  expect(guard.checkObject({ kind: 'Pod' })).toBeUndefined();
  expect(guard.checkObject({ metadata: {} })).toBeUndefined();
  expect(guard.checkObject({ kind: 'ConfigMap' })).toBe('object of kind ConfigMap, expected Pod');
});

test('a configured kind is enforced from the first list; a body that is not a list is refused', () => {
  const guard = new KindGuard('Pod');
  expect(guard.checkList('ConfigMapList')).toBe('kind ConfigMapList, expected PodList');
  expect(guard.checkList('Status')).toBe('kind Status is not a list');
  expect(guard.checkList(undefined)).toBeUndefined();
});
