/**
 * The whole-body server's data, built once at start and never re-encoded: realistic pods with
 * the metadata an API server sets (unique uid, resourceVersion, creationTimestamp, generation),
 * the pod list answer serialized as one Buffer, and — for the event scenario — every MODIFIED
 * event line encoded in advance into one Buffer. What it keeps afterwards is the bytes and each
 * pod's key and current resourceVersion, not the pod objects.
 */
import { type KubeObject, realisticPod, seededRandom } from '@rxkube/testing';
import type { ExpectedEntry } from './convergence.js';
import { type DatasetSpec, namespaceNames } from './dataset.js';

/** The annotation each MODIFIED event changes (as the fake server's datasets do). */
const annotation = 'bench.rxkube.io/seq';
/** Lines encoded per string before it becomes bytes: bounds the strings alive at once. */
const linesPerPiece = 1_000;

/** Encoded watch event lines: one Buffer, and the byte offset where each line starts. */
export interface EventLines {
  readonly bytes: Buffer;
  /** `offsets[i]` is where line `i` starts; `offsets[count]` is `bytes.length`. */
  readonly offsets: Float64Array;
  readonly count: number;
}

function uuid(random: () => number): string {
  let hex = '';
  for (let i = 0; i < 32; i += 1) hex += Math.floor(random() * 16).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * @param spec - size and shape
 * @param random - seeded randomness
 * @returns the pods in key order (namespace, then name), as a list answer orders them, with
 *   resourceVersions 1…N in that order
 */
function buildPods(spec: DatasetSpec, random: () => number): KubeObject[] {
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

/**
 * @param pods - the pods, each with its version
 * @param resourceVersion - the list's version
 * @returns the list answer's bytes. Items carry no kind/apiVersion, as kube-apiserver's do not.
 */
function listBody(pods: readonly KubeObject[], resourceVersion: string): Buffer {
  const items = pods.map(({ kind: _kind, apiVersion: _apiVersion, ...item }) => item);
  return Buffer.from(
    JSON.stringify({ kind: 'PodList', apiVersion: 'v1', metadata: { resourceVersion }, items }),
  );
}

/**
 * Encodes `count` MODIFIED events, round-robin over `pods` (a new annotation value and phase
 * each time, resourceVersion `base + i + 1` for line `i`). Mutates the pods.
 */
function encodeEvents(pods: readonly KubeObject[], count: number, base: number): EventLines {
  const pieces: Buffer[] = [];
  const offsets = new Float64Array(count + 1);
  let offset = 0;
  for (let start = 0; start < count; start += linesPerPiece) {
    let piece = '';
    for (let i = start; i < Math.min(count, start + linesPerPiece); i += 1) {
      const pod = pods[i % pods.length] as KubeObject & { status?: { phase?: string } };
      pod.metadata.resourceVersion = String(base + i + 1);
      (pod.metadata.annotations ??= {})[annotation] = String(i + 1);
      const status = (pod.status ??= {});
      status.phase = status.phase === 'Running' ? 'Pending' : 'Running';
      const line = `${JSON.stringify({ type: 'MODIFIED', object: pod })}\n`;
      offsets[i] = offset;
      offset += Buffer.byteLength(line);
      piece += line;
    }
    pieces.push(Buffer.from(piece));
  }
  offsets[count] = offset;
  return { bytes: Buffer.concat(pieces, offset), offsets, count };
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
    const pods = buildPods(spec, seededRandom(seed));
    this.listVersion = pods.length;
    this.list = listBody(pods, String(this.listVersion));
    this.keys = pods.map((pod) => `${pod.metadata.namespace ?? ''}/${pod.metadata.name}`);
    this.versions = pods.map((pod) => Number(pod.metadata.resourceVersion));
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
