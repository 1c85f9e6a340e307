/**
 * The data a replay proxy holds back for one response, kept in a file rather than in the
 * server process's memory.
 *
 * A burst held for nine clients is about 3.6 GB. Held as Buffers, it grew the process's
 * external memory, and V8 answers every 64 MB of such growth with a full collection over the
 * fake server's heap (hundreds of MB: its history and objects): that, not writing the events,
 * was most of a burst's time. Written to an unlinked file in a memory-backed directory, the
 * bytes live in the kernel's page cache, each chunk read off the socket is garbage at once, and
 * the heap stays as it was. The chunks are given back as they were taken, same sizes and order,
 * so a client receives the same bytes in the same pieces as before.
 */
import { closeSync, existsSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Memory-backed where the system has it: nothing is written to a disk, nothing flushed.
const directory = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
let files = 0;

/** How much of the end is kept in memory, for {@link HeldData.tail}. */
const tailBytes = 16_384;

/** See the module comment. */
export class HeldData {
  private fd: number | undefined;
  /** The size of every chunk taken, in order. */
  private readonly sizes: number[] = [];
  private tailChunks: Buffer[] = [];
  private tailLength = 0;
  /** Bytes held. */
  length = 0;

  /** @returns how many chunks are held */
  get chunks(): number {
    return this.sizes.length;
  }

  /** @param chunk - the next chunk (copied: the caller may drop or reuse it) */
  append(chunk: Buffer): void {
    if (chunk.length === 0) return;
    const fd = (this.fd ??= openUnlinked());
    for (let done = 0; done < chunk.length;) {
      done += writeSync(fd, chunk, done, chunk.length - done, this.length + done);
    }
    this.length += chunk.length;
    this.sizes.push(chunk.length);
    this.tailChunks.push(chunk);
    this.tailLength += chunk.length;
    while (this.tailLength - (this.tailChunks[0] as Buffer).length >= tailBytes) {
      this.tailLength -= (this.tailChunks.shift() as Buffer).length;
    }
  }

  /** @returns the last 16 KB held, across chunk boundaries (a marker may straddle two) */
  tail(): Buffer {
    return Buffer.concat(this.tailChunks).subarray(-tailBytes);
  }

  /**
   * Reads chunks back, in order, starting at chunk `from`: as many whole chunks as fit in
   * `into` (at least one: a chunk larger than `into` is read into a Buffer of its own). Reusing
   * `into` once its chunks are written keeps reading back from allocating: new memory is what
   * this class exists to avoid.
   *
   * @param into - where to read; the chunks returned are views of it
   * @param from - the index of the first chunk to read
   * @returns the chunks read, and the index of the chunk after them
   */
  readChunks(into: Buffer, from: number): { chunks: Buffer[]; next: number } {
    const fd = this.fd;
    if (fd === undefined || from >= this.sizes.length) return { chunks: [], next: from };
    let start = 0;
    for (let i = 0; i < from; i += 1) start += this.sizes[i] as number;
    let end = from;
    let bytes = 0;
    while (end < this.sizes.length && bytes + (this.sizes[end] as number) <= into.length) {
      bytes += this.sizes[end] as number;
      end += 1;
    }
    if (end === from) {
      bytes = this.sizes[from] as number;
      end = from + 1;
      into = Buffer.allocUnsafe(bytes);
    }
    for (let got = 0; got < bytes;) {
      const read = readSync(fd, into, got, bytes - got, start + got);
      if (read === 0) throw new Error(`held data: the file ended at byte ${start + got}`);
      got += read;
    }
    const chunks: Buffer[] = [];
    for (let i = from, offset = 0; i < end; i += 1) {
      const size = this.sizes[i] as number;
      chunks.push(into.subarray(offset, offset + size));
      offset += size;
    }
    return { chunks, next: end };
  }

  /** Closes the file (its data is gone: it was unlinked when opened). */
  dispose(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

function openUnlinked(): number {
  const path = join(directory, `rxkube-bench-held-${process.pid}-${files++}`);
  const fd = openSync(path, 'w+');
  // The open descriptor keeps the data; nothing is left behind however the process ends.
  unlinkSync(path);
  return fd;
}
