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
