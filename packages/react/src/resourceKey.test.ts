import { resourceKey } from './resourceKey.js';

describe('resourceKey', () => {
  test('is the same for a resource however its object is written', () => {
    const key = resourceKey({ version: 'v1', plural: 'pods' });
    expect(resourceKey({ plural: 'pods', group: '', version: 'v1' })).toBe(key);
    expect(resourceKey({ plural: 'pods', version: 'v1', group: undefined })).toBe(key);
  });

  test('tells apart group, version, plural, any further field, and a path', () => {
    // A reference narrowed by a field the type may gain (a namespace) is another collection.
    const inShop = { version: 'v1', plural: 'pods', namespace: 'shop' };
    const keys = [
      resourceKey({ version: 'v1', plural: 'pods' }),
      resourceKey({ group: 'apps', version: 'v1', plural: 'pods' }),
      resourceKey({ version: 'v2', plural: 'pods' }),
      resourceKey({ version: 'v1', plural: 'services' }),
      resourceKey(inShop),
      resourceKey('/api/v1/pods'),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
});
