import { formatAge, podRow, sortedPods } from './podSummary.js';
import type { Pod } from './kubeTypes.js';

test('ages are written in their largest whole unit, as kubectl writes them', () => {
  const s = 1000;
  expect(
    [0, 119 * s, 120 * s, 7199 * s, 7200 * s, 47 * 3600 * s, 48 * 3600 * s].map(formatAge),
  ).toEqual(['0s', '119s', '2m', '119m', '2h', '47h', '2d']);
  // A creation time ahead of this machine's clock is not a negative age.
  expect(formatAge(-5 * s)).toBe('0s');
});

test('a row sums the restarts of every container and reads a missing field as empty', () => {
  const pod: Pod = {
    metadata: { namespace: 'shop', name: 'web-1', creationTimestamp: '2025-01-01T00:00:00Z' },
    status: {
      containerStatuses: [
        { name: 'a', restartCount: 2 },
        { name: 'b', restartCount: 3 },
        { name: 'c' },
      ],
    },
  };
  expect(podRow(pod, Date.parse('2025-01-01T00:03:00Z'))).toEqual({
    key: 'shop/web-1',
    name: 'web-1',
    namespace: 'shop',
    phase: 'Unknown',
    restarts: 5,
    node: '',
    age: '3m',
    resourceVersion: '',
  });
  expect(podRow({ metadata: { namespace: 'shop', name: 'x' } }, 0).age).toBe('');
});

test('pods are sorted by namespace, then by name with numbers in numeric order', () => {
  const pods: Pod[] = ['shop/pod-10', 'shop/pod-9', 'api/pod-2'].map((key) => {
    const [namespace, name] = key.split('/');
    return { metadata: { namespace, name } };
  });
  expect(sortedPods(pods).map((p) => `${p.metadata.namespace}/${p.metadata.name}`)).toEqual([
    'api/pod-2',
    'shop/pod-9',
    'shop/pod-10',
  ]);
});
