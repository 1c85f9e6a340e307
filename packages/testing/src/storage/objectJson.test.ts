import { jest } from '@jest/globals';
import type { KubeObject } from '../api/types.js';
import {
  encodeJsonParts,
  forgetObjectJson,
  objectJson,
  objectJsonParts,
  rememberObjectJson,
} from './objectJson.js';

const pod = (phase: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'a', labels: { app: 'é ✓' } },
  spec: { containers: [{ name: 'c' }] },
  status: { phase },
});

test('the text of an object is JSON.stringify, with or without kind and apiVersion', () => {
  const obj = pod('Running');
  expect(objectJson(obj)).toBe(JSON.stringify(obj));
  const { kind: _kind, apiVersion: _apiVersion, ...rest } = obj;
  expect(objectJsonParts(obj, true).join('')).toBe(JSON.stringify(rest));
  expect(objectJson({ metadata: {}, skipped: undefined } as KubeObject)).toBe('{"metadata":{}}');
});

test('a new version reuses the texts of shared members and shows its own changes', () => {
  const first = pod('Running');
  rememberObjectJson(first);
  expect(objectJson(first)).toBe(JSON.stringify(first));
  const second: KubeObject = { ...first, status: { phase: 'Pending' } };
  rememberObjectJson(second);
  forgetObjectJson(first, second);
  expect(objectJson(second)).toBe(JSON.stringify(second));
  expect(objectJson(first)).toBe(JSON.stringify(first));
});

test('parts are encoded as the UTF-8 of their concatenation', () => {
  const parts = objectJsonParts(pod('Running'));
  expect(encodeJsonParts(parts).equals(Buffer.from(parts.join(''), 'utf8'))).toBe(true);
});

test('a new version serialises only the members it replaced, not the ones it shares', () => {
  const containerStatuses = Array.from({ length: 20 }, (_, i) => ({
    name: `container-${i}`,
    ready: true,
    restartCount: i,
    image: `registry.example/app:${i}`,
  }));
  const labels = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`label-${i}`, 'x']));
  const first: KubeObject = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'a', resourceVersion: '1', labels },
    status: { phase: 'Running', containerStatuses },
  };
  rememberObjectJson(first);
  objectJson(first);
  // What an update of the phase stores: new metadata and status sharing their other members.
  const second: KubeObject = {
    ...first,
    metadata: { ...first.metadata, resourceVersion: '2' },
    status: { phase: 'Pending', containerStatuses },
  };
  rememberObjectJson(second);
  forgetObjectJson(first, second);
  const stringify = JSON.stringify;
  let serialised = 0;
  const spy = jest.spyOn(JSON, 'stringify').mockImplementation((...args) => {
    const text = stringify(...args) as string | undefined;
    serialised += text?.length ?? 0;
    return text as string;
  });
  let text: string;
  try {
    text = objectJson(second);
  } finally {
    spy.mockRestore();
  }
  expect(text).toBe(JSON.stringify(second));
  // Far less than either shared member's text: only keys, the phase and the resourceVersion.
  expect(serialised).toBeLessThan(JSON.stringify(labels).length);
  expect(serialised).toBeLessThan(JSON.stringify(containerStatuses).length);
});

test('many parts, several chunks of them, are encoded as the UTF-8 of their concatenation', () => {
  const parts = Array.from(
    { length: 5_000 },
    (_, i) => `{"n":${i},"s":"é ✓ ${'x'.repeat(i % 50)}"}`,
  );
  expect(encodeJsonParts(parts).equals(Buffer.from(parts.join(''), 'utf8'))).toBe(true);
  expect(encodeJsonParts([]).length).toBe(0);
});
