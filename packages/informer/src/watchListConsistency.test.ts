import { metaNamespaceKeyFunc } from '@rxkube/store';
import { diffWatchList } from './watchListConsistency.js';

const obj = (name: string, resourceVersion: string, uid = `uid-${name}`) => ({
  metadata: { name, namespace: 'a', resourceVersion, uid },
});

test('a stream that delivered exactly the listed writes has no difference', () => {
  const listed = [obj('x', '3'), obj('y', '4')];
  expect(diffWatchList([obj('y', '4'), obj('x', '3')], listed, metaNamespaceKeyFunc)).toEqual({
    missing: [],
    unexpected: [],
    differing: [],
  });
});

test('missing, unexpected and differing objects are told apart by key, uid and version', () => {
  const listed = [obj('kept', '3'), obj('lost', '4'), obj('old', '6'), obj('recreated', '7')];
  const streamed = [
    obj('kept', '3'),
    obj('extra', '5'),
    obj('old', '2'),
    obj('recreated', '7', 'new'),
  ];
  expect(diffWatchList(streamed, listed, metaNamespaceKeyFunc)).toEqual({
    missing: ['a/lost'],
    unexpected: ['a/extra'],
    differing: ['a/old', 'a/recreated'],
  });
});

test('objects without a key are left out rather than failing the check', () => {
  const keyless = { metadata: {} };
  expect(
    diffWatchList([keyless, obj('x', '3')], [obj('x', '3'), keyless], metaNamespaceKeyFunc),
  ).toEqual({
    missing: [],
    unexpected: [],
    differing: [],
  });
});
