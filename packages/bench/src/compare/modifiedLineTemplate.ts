/**
 * A pod's MODIFIED watch event line, serialized once and split around the three values each of
 * the whole-body workload's events changes (resourceVersion, the sequence annotation, the
 * phase), so that encoding an event copies bytes instead of serializing a ~3 KB object again.
 */
import type { KubeObject } from '@rxkube/testing';

/** The annotation every write of the datasets and each whole-body MODIFIED event changes. */
export const sequenceAnnotation = 'bench.rxkube.io/seq';

/**
 * Stand-ins for the values, in the order of {@link LineValues}. JSON.stringify leaves them as
 * they are (no character it escapes), and no pod field holds them.
 */
const marks = ['@@bench-rv@@', '@@bench-seq@@', '@@bench-phase@@'] as const;

/** The values of one event, in the order of {@link marks}: ASCII only (digits, a phase). */
export type LineValues = readonly [resourceVersion: string, sequence: string, phase: string];

/** See the module comment. */
export class ModifiedLineTemplate {
  /** The line's bytes between the values: `marks.length + 1` pieces. */
  private readonly pieces: readonly Buffer[];
  /** `order[k]` is the index in {@link LineValues} of the `k`-th value in the line. */
  private readonly order: readonly number[];
  /** The bytes of every piece together: a line is this plus its values' lengths. */
  private readonly fixedBytes: number;

  /**
   * Sets the three fields of `pod` as an event does (creating `metadata.annotations` and
   * `status` where missing, so the keys come in the order every event's line has them) and
   * serializes the line once.
   *
   * @param pod - the pod; mutated: its three fields hold placeholders afterwards
   * @throws Error when a placeholder is not found exactly once in the line
   */
  constructor(pod: KubeObject) {
    pod.metadata.resourceVersion = marks[0];
    (pod.metadata.annotations ??= {})[sequenceAnnotation] = marks[1];
    ((pod as { status?: { phase?: string } }).status ??= {}).phase = marks[2];
    const line = `${JSON.stringify({ type: 'MODIFIED', object: pod })}\n`;
    const found = marks.map((mark, value) => {
      const at = line.indexOf(mark);
      if (at === -1 || line.indexOf(mark, at + 1) !== -1) {
        throw new Error(`${mark} must occur once in the line`);
      }
      return { value, at, end: at + mark.length };
    });
    // The values in the order the line has them (metadata's annotations come before its
    // resourceVersion, which the server sets last).
    found.sort((a, b) => a.at - b.at);
    let from = 0;
    const pieces: Buffer[] = [];
    for (const { at, end } of found) {
      pieces.push(Buffer.from(line.slice(from, at)));
      from = end;
    }
    pieces.push(Buffer.from(line.slice(from)));
    this.pieces = pieces;
    this.order = found.map(({ value }) => value);
    this.fixedBytes = pieces.reduce((sum, piece) => sum + piece.length, 0);
  }

  /**
   * @param values - the event's values
   * @returns the line's length in bytes
   */
  byteLength(values: LineValues): number {
    return this.fixedBytes + values[0].length + values[1].length + values[2].length;
  }

  /**
   * Writes the line at `offset` of `target`.
   *
   * @param values - the event's values
   * @param target - where to write; must have {@link ModifiedLineTemplate.byteLength} bytes free
   * @param offset - where the line starts
   * @returns the offset after the line
   */
  write(values: LineValues, target: Buffer, offset: number): number {
    let at = offset;
    for (let k = 0; k < this.order.length; k += 1) {
      at += (this.pieces[k] as Buffer).copy(target, at);
      at += target.write(values[this.order[k] as number] as string, at, 'latin1');
    }
    return at + (this.pieces[this.order.length] as Buffer).copy(target, at);
  }
}
