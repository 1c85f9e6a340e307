import { ResourceRegistry } from '../registry/resourceRegistry.js';
import { parseFieldSelector, matchesFields } from './fieldSelector.js';
import { matchesLabels, parseLabelSelector } from './labelSelector.js';

test('§2.4 != and notin also match objects without the label', () => {
  expect(matchesLabels(parseLabelSelector('a!=1'), undefined)).toBe(true);
  expect(matchesLabels(parseLabelSelector('a notin (1,2)'), { b: 'x' })).toBe(true);
  expect(matchesLabels(parseLabelSelector('a in (1,2)'), { b: 'x' })).toBe(false);
});

test('§2.4 label keys may carry a DNS prefix and set values may be spaced', () => {
  const sel = parseLabelSelector('app.kubernetes.io/name in ( web , api ), !example.com/skip');
  expect(matchesLabels(sel, { 'app.kubernetes.io/name': 'api' })).toBe(true);
  expect(matchesLabels(sel, { 'app.kubernetes.io/name': 'api', 'example.com/skip': '' })).toBe(
    false,
  );
});

test('§2.4 field selector values unescape \\, \\= and \\\\', () => {
  const pods = new ResourceRegistry().lookup('', 'v1', 'pods')!;
  const sel = parseFieldSelector('metadata.name=a\\,b\\=c', pods);
  expect(sel.requirements[0]?.value).toBe('a,b=c');
  expect(matchesFields(sel, { metadata: { name: 'a,b=c' } })).toBe(true);
});

test('§2.4 custom resources accept their selectable fields', () => {
  const registry = new ResourceRegistry();
  const def = registry.registerCustomResource({
    group: 'x.io',
    version: 'v1',
    plural: 'things',
    kind: 'Thing',
    selectableFields: ['spec.color'],
  });
  expect(
    matchesFields(parseFieldSelector('spec.color=red', def), {
      metadata: {},
      spec: { color: 'red' },
    }),
  ).toBe(true);
  expect(() => parseFieldSelector('spec.size=1', def)).toThrow(
    'field label not supported: spec.size',
  );
});
