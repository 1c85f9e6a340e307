/**
 * The whole-body server's data, built once at start and never re-encoded: realistic pods with
 * the metadata an API server sets (unique uid, resourceVersion, creationTimestamp, generation),
 * the pod list answer serialized as one Buffer, and — for the event scenario — every MODIFIED
 * event line encoded in advance into one Buffer. Each pod is serialized as soon as it is built
 * and then dropped: what is kept is the bytes and each pod's key and current resourceVersion.
 */
import { type KubeObject, realisticPod, seededRandom } from '@rxkube/testing';
import type { ExpectedEntry } from './convergence.js';
import { type DatasetSpec, namespaceNames } from './dataset.js';
import { type LineValues, ModifiedLineTemplate } from './modifiedLineTemplate.js';

/** Encoded watch event lines: one Buffer, and the byte offset where each line starts. */
export interface EventLines {
  readonly bytes: Buffer;
  /** `offsets[i]` is where line `i` starts; `offsets[count]` is `bytes.length`. */
  readonly offsets: Float64Array;
  readonly count: number;
}

/** What is kept of a pod once built, at its position in key order. */
interface PodText {
  readonly key: string;
  /** Its list item's JSON (without kind/apiVersion). */
  readonly item: string;
  /** Its event lines, for a pod that events modify. */
  readonly template: ModifiedLineTemplate | undefined;
  /** Its phase in the list (each event flips it). */
  readonly phase: string | undefined;
}

function uuid(random: () => number): string {
  let hex = '';
  for (let i = 0; i < 32; i += 1) hex += Math.floor(random() * 16).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Builds the pods in creation order (so the seeded randomness is drawn as always) and keeps the
 * text of each, at its position in key order (namespace, then name, as a list answer orders
 * them), with resourceVersions 1…N in that order. The order is known from the names alone, so
 * no pod outlives its serialization: holding 50,000 pod objects made every collection during
 * the encoding mark hundreds of MB, which cost more than the encoding itself.
 *
 * @param spec - size and shape
 * @param random - seeded randomness
 * @param modified - how many pods, from the first in key order, events modify
 * @returns each pod's text, in key order
 */
function buildPods(spec: DatasetSpec, random: () => number, modified: number): PodText[] {
  const namespaces = namespaceNames(spec);
  const keys = Array.from(
    { length: spec.pods },
    (_, i) => `${namespaces[i % namespaces.length] as string}/pod-${i}`,
  );
  const byKey = keys.map((_, i) => i).sort((a, b) => compare(keys[a], keys[b]));
  const positions = new Array<number>(spec.pods);
  byKey.forEach((i, position) => (positions[i] = position));
  const texts = new Array<PodText>(spec.pods);
  for (let i = 0; i < spec.pods; i += 1) {
    const namespace = namespaces[i % namespaces.length] as string;
    const pod = realisticPod({ namespace, name: `pod-${i}`, random });
    pod.metadata.uid = uuid(random);
    pod.metadata.generation = 1;
    pod.metadata.creationTimestamp = '2025-01-01T00:00:00Z';
    const position = positions[i] as number;
    pod.metadata.resourceVersion = String(position + 1);
    const { kind: _kind, apiVersion: _apiVersion, ...item } = pod;
    const phase = (pod as KubeObject & { status?: { phase?: string } }).status?.phase;
    texts[position] = {
      key: keys[i] as string,
      item: JSON.stringify(item),
      phase,
      // Last: it mutates the pod.
      template: position < modified ? new ModifiedLineTemplate(pod) : undefined,
    };
  }
  return texts;
}

function compare(a: string | undefined, b: string | undefined): number {
  return (a ?? '') < (b ?? '') ? -1 : (a ?? '') > (b ?? '') ? 1 : 0;
}

/**
 * @param pods - the pods' texts, in key order
 * @param resourceVersion - the list's version
 * @returns the list answer's bytes: those of `JSON.stringify` of the whole list, written item by
 *   item into one Buffer (no string of the whole list, about 200 MB for 50,000 pods). Items carry
 *   no kind/apiVersion, as kube-apiserver's do not.
 */
function listBody(pods: readonly PodText[], resourceVersion: string): Buffer {
  const head = JSON.stringify({ kind: 'PodList', apiVersion: 'v1', metadata: { resourceVersion } });
  const parts = [`${head.slice(0, -1)},"items":[`];
  pods.forEach(({ item }, i) => parts.push(i === 0 ? item : `,${item}`));
  parts.push(']}');
  const bytes = Buffer.allocUnsafe(parts.reduce((sum, part) => sum + Buffer.byteLength(part), 0));
  let offset = 0;
  for (const part of parts) offset += bytes.write(part, offset);
  return bytes;
}

/**
 * Encodes `count` MODIFIED events, round-robin over `pods` (a new annotation value and phase
 * each time, resourceVersion `base + i + 1` for line `i`): each line is its pod's
 * {@link ModifiedLineTemplate} with the values copied in, the bytes of serializing the pod anew.
 */
function encodeEvents(pods: readonly PodText[], count: number, base: number): EventLines {
  const phases = pods.map(({ phase }) => phase);
  const values = Array.from({ length: count }, (_, i): LineValues => {
    const pod = i % pods.length;
    const phase = phases[pod] === 'Running' ? 'Pending' : 'Running';
    phases[pod] = phase;
    return [String(base + i + 1), String(i + 1), phase];
  });
  const templateOf = (i: number): ModifiedLineTemplate => {
    const template = pods[i % pods.length]?.template;
    if (template === undefined) throw new Error(`pod ${i % pods.length} has no event template`);
    return template;
  };
  const offsets = new Float64Array(count + 1);
  for (let i = 0; i < count; i += 1) {
    offsets[i + 1] = (offsets[i] as number) + templateOf(i).byteLength(values[i] as LineValues);
  }
  const bytes = Buffer.allocUnsafe(offsets[count] as number);
  for (let i = 0; i < count; i += 1) {
    templateOf(i).write(values[i] as LineValues, bytes, offsets[i] as number);
  }
  return { bytes, offsets, count };
}

/** See the module comment. */
export class WholeBodyData {
  /** The pod list answer, served to every list request. */
  readonly list: Buffer;
  /** The list's resourceVersion, as a number: events follow it. */
  readonly listVersion: number;
  /** Event lines in order; line `i` has resourceVersion `listVersion + i + 1`. */
  readonly events: EventLines;
  /** Events the orchestrator has committed to (the state below includes them). */
  committed = 0;
  private readonly keys: string[];
  private readonly versions: number[];

  /**
   * Builds the pods and encodes the list answer and `eventCount` events.
   *
   * @param spec - size and shape
   * @param seed - makes the pods reproducible
   * @param eventCount - MODIFIED events to encode (0 for a list-only dataset)
   */
  constructor(spec: DatasetSpec, seed: number, eventCount: number) {
    const pods = buildPods(spec, seededRandom(seed), eventCount);
    this.listVersion = pods.length;
    this.list = listBody(pods, String(this.listVersion));
    this.keys = pods.map(({ key }) => key);
    this.versions = pods.map((_, i) => i + 1);
    this.events = encodeEvents(pods, eventCount, this.listVersion);
  }

  /**
   * Commits the next `count` events: {@link WholeBodyData.state} includes them from now on (the
   * server writes them to a watch when its connection is released).
   *
   * @param count - events to commit
   * @returns the final version of each key they modify, in version order
   * @throws Error when fewer than `count` events were encoded
   */
  commit(count: number): ExpectedEntry[] {
    if (this.committed + count > this.events.count) {
      throw new Error(`only ${this.events.count - this.committed} encoded events left`);
    }
    const changed = new Map<string, string>();
    for (let i = this.committed; i < this.committed + count; i += 1) {
      const pod = i % this.keys.length;
      const version = this.listVersion + i + 1;
      this.versions[pod] = version;
      const key = this.keys[pod] as string;
      changed.delete(key);
      changed.set(key, String(version));
    }
    this.committed += count;
    return [...changed];
  }

  /** @returns every pod's key and committed version, in version order (delivery order) */
  state(): ExpectedEntry[] {
    return this.keys
      .map((key, i) => [key, this.versions[i] as number] as const)
      .sort((a, b) => a[1] - b[1])
      .map(([key, version]) => [key, String(version)] as const);
  }

  /**
   * @param from - first line
   * @param to - end of the lines that may be sent (exclusive)
   * @param maxBytes - the most bytes to return, unless the first line alone is longer
   * @returns the index after the last whole line that fits
   */
  linesEnd(from: number, to: number, maxBytes: number): number {
    const { offsets } = this.events;
    const start = offsets[from] as number;
    let end = from + 1;
    while (end < to && (offsets[end + 1] as number) - start <= maxBytes) end += 1;
    return end;
  }

  /** @returns the bytes of lines `from` (inclusive) to `to` (exclusive), not copied */
  lineBytes(from: number, to: number): Buffer {
    const { bytes, offsets } = this.events;
    return bytes.subarray(offsets[from], offsets[to]);
  }
}
