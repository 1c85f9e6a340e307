import { KubeConfig } from '@kubernetes/client-node';

// The test matrix swaps client-node 2.x in through Jest's moduleNameMapper (jest.config.js);
// this pins that the swap happened, so a broken mapping cannot pass for a 2.x run.
test('the suites run on the client-node major RXKUBE_CLIENT_NODE selects (default 1.x)', () => {
  const major = process.env['RXKUBE_CLIENT_NODE'] ?? '1';
  // 2.x sends through undici dispatchers and dropped 1.x's node-fetch `applyToFetchOptions`.
  expect(typeof Reflect.get(KubeConfig.prototype, 'applyToFetchOptions')).toBe(
    major === '2' ? 'undefined' : 'function',
  );
});
