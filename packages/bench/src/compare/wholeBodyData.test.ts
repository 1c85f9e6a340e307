import { describe, expect, test } from '@jest/globals';
import { type KubeObject, realisticPod, seededRandom } from '@rxkube/testing';
import { namespaceNames } from './dataset.js';
import { WholeBodyData } from './wholeBodyData.js';

const spec = { name: 'test', pods: 30, namespaces: 3 };
const seed = 7;

// The data as first built, every pod kept and whole objects through JSON.stringify: the bytes
// every figure was measured on, which the encoding by template must reproduce exactly.
function uuid(random: () => number): string {
  let hex = '';
  for (let i = 0; i < 32; i += 1) hex += Math.floor(random() * 16).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function buildPods(random: () => number): KubeObject[] {
  const namespaces = namespaceNames(spec);
  const pods: KubeObject[] = [];
  for (let i = 0; i < spec.pods; i += 1) {
    const namespace = namespaces[i % namespaces.length] as string;
    const pod = realisticPod({ namespace, name: `pod-${i}`, random });
    pod.metadata.uid = uuid(random);
    pod.metadata.generation = 1;
    pod.metadata.creationTimestamp = '2025-01-01T00:00:00Z';
    pods.push(pod);
  }
  const key = (pod: KubeObject): string => `${pod.metadata.namespace ?? ''}/${pod.metadata.name}`;
  pods.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  pods.forEach((pod, i) => (pod.metadata.resourceVersion = String(i + 1)));
  return pods;
}

function listByStringify(pods: readonly KubeObject[]): Buffer {
  const items = pods.map(({ kind: _kind, apiVersion: _apiVersion, ...item }) => item);
  const metadata = { resourceVersion: String(pods.length) };
  return Buffer.from(JSON.stringify({ kind: 'PodList', apiVersion: 'v1', metadata, items }));
}

function eventsByStringify(pods: readonly KubeObject[], count: number): string[] {
  const lines: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const pod = pods[i % pods.length] as KubeObject & { status?: { phase?: string } };
    pod.metadata.resourceVersion = String(pods.length + i + 1);
    (pod.metadata.annotations ??= {})['bench.rxkube.io/seq'] = String(i + 1);
    const status = (pod.status ??= {});
    status.phase = status.phase === 'Running' ? 'Pending' : 'Running';
    lines.push(`${JSON.stringify({ type: 'MODIFIED', object: pod })}\n`);
  }
  return lines;
}

describe('WholeBodyData', () => {
  test('encodes the list answer with the bytes of JSON.stringify of the whole list', () => {
    const data = new WholeBodyData(spec, seed, 0);
    const expected = listByStringify(buildPods(seededRandom(seed)));
    expect(data.list.toString()).toBe(expected.toString());
    expect(data.state()).toEqual(
      buildPods(seededRandom(seed)).map((pod, i) => [
        `${pod.metadata.namespace}/${pod.metadata.name}`,
        String(i + 1),
      ]),
    );
  });

  test('encodes every event line with the bytes of JSON.stringify of the modified pod', () => {
    // Several rounds over the pods and one partial: phases alternate, versions and sequence
    // numbers grow by a digit.
    const count = 2 * spec.pods + 45;
    const data = new WholeBodyData(spec, seed, count);
    const expected = eventsByStringify(buildPods(seededRandom(seed)), count);
    const lines = Array.from({ length: count }, (_, i) => data.lineBytes(i, i + 1).toString());
    expect(lines).toEqual(expected);
    expect(data.events.bytes.length).toBe(Buffer.byteLength(expected.join('')));
  });

  test('encodes fewer events than pods, touching only the pods they modify', () => {
    const data = new WholeBodyData(spec, seed, 4);
    const expected = eventsByStringify(buildPods(seededRandom(seed)), 4);
    expect(data.lineBytes(0, 4).toString()).toBe(expected.join(''));
  });
});
