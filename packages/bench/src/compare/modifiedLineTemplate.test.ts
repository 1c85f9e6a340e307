import { describe, expect, test } from '@jest/globals';
import type { KubeObject } from '@rxkube/testing';
import { ModifiedLineTemplate, sequenceAnnotation } from './modifiedLineTemplate.js';

function stringified(pod: KubeObject, rv: string, seq: string, phase: string): string {
  const copy = structuredClone(pod) as KubeObject & { status?: { phase?: string } };
  copy.metadata.resourceVersion = rv;
  (copy.metadata.annotations ??= {})[sequenceAnnotation] = seq;
  (copy.status ??= {}).phase = phase;
  return `${JSON.stringify({ type: 'MODIFIED', object: copy })}\n`;
}

function written(template: ModifiedLineTemplate, values: [string, string, string]): string {
  const target = Buffer.alloc(template.byteLength(values) + 2, '#');
  const end = template.write(values, target, 1);
  expect(end).toBe(1 + template.byteLength(values));
  return target.subarray(1, end).toString();
}

describe('ModifiedLineTemplate', () => {
  test('writes the line JSON.stringify makes, even for a pod without annotations or status', () => {
    const bare: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', uid: 'ü' } };
    const template = new ModifiedLineTemplate(structuredClone(bare));
    expect(written(template, ['12', '3', 'Running'])).toBe(stringified(bare, '12', '3', 'Running'));
    expect(written(template, ['12345', '99', 'Pending'])).toBe(
      stringified(bare, '12345', '99', 'Pending'),
    );
  });

  test('keeps the key order of a pod that has the fields already', () => {
    const pod: KubeObject = {
      metadata: { resourceVersion: '1', annotations: { a: 'b' }, labels: { x: 'y' } },
      status: { phase: 'Running', podIP: '10.0.0.1' },
      spec: {},
    };
    const template = new ModifiedLineTemplate(structuredClone(pod));
    expect(written(template, ['7', '1', 'Pending'])).toBe(stringified(pod, '7', '1', 'Pending'));
  });

  test('refuses a pod whose fields hold a placeholder already', () => {
    const pod: KubeObject = { metadata: { name: '@@bench-rv@@' } };
    expect(() => new ModifiedLineTemplate(pod)).toThrow(/must occur once/);
  });
});
