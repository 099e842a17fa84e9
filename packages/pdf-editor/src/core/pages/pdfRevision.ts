// The versions of one PDF through an editing session, for an undo history that must not keep a
// copy of the document per step. Rotate, reorder and insert (and delete on an encrypted file)
// append an incremental update: their result is the previous bytes followed by a small tail. So a
// version made that way keeps only its tail and a link to the version before, and every version
// of such a run reads its bytes as the front of one buffer, that of the newest version read. A
// version whose bytes do not extend the previous one (delete rebuilds the file so the removed
// pages are really gone) starts a new run with its own bytes.
//
// The run's buffer always starts with the bytes of its first version, and every later version
// keeps its tail: so reading an old branch after a new one was made from an earlier version stays
// exact, at the cost of one concatenation, and whatever the order of calls.
import { checkBytes } from '../input';
import { toBytes, type PdfSource } from '../pdf/source';

/** One version of a PDF; versions made by appending to the one before share their bytes. */
export interface PdfRevision {
  /** The size of this version's bytes. */
  readonly byteLength: number;
  /**
   * This version's bytes. Versions share a buffer: do not change them, and copy them before
   * transferring them to a worker (`bytes().slice()`).
   */
  bytes(): Uint8Array<ArrayBuffer>;
  /**
   * The version after this one, given its bytes (a page operation's result on `bytes()`). When
   * they extend this version's bytes, the new version keeps only what was appended.
   */
  next(bytes: PdfSource): PdfRevision;
}

/** A run of versions sharing one buffer. */
interface Run {
  /** The newest version read so far: its bytes hold every version it descends from at their front. */
  newest: Version | undefined;
  newestBytes: Uint8Array<ArrayBuffer>;
}

function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  if (bytes.length < prefix.length) return false;
  for (let index = 0; index < prefix.length; index++) if (bytes[index] !== prefix[index]) return false;
  return true;
}

// The engine writes into a buffer that grows by doubling: keep the bytes, not its spare room (and
// not a buffer shared with other threads).
function compact(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const whole = bytes.buffer instanceof ArrayBuffer && bytes.byteLength === bytes.buffer.byteLength;
  // `new Uint8Array`, not `.slice()`: a Node Buffer's `.slice()` is a view of the shared pool.
  return whole ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
}

const front = (bytes: Uint8Array<ArrayBuffer>, length: number): Uint8Array<ArrayBuffer> =>
  length === bytes.length ? bytes : bytes.subarray(0, length);

class Version implements PdfRevision {
  /**
   * @param tail what this version appends to its parent (a copy, so no other buffer is kept); the
   *   first version of a run has no parent and needs none, as every version of its run holds it.
   */
  constructor(
    private readonly run: Run,
    private readonly parent: Version | undefined,
    readonly byteLength: number,
    private readonly tail: Uint8Array,
  ) {}

  bytes(): Uint8Array<ArrayBuffer> {
    const { run, parent } = this;
    if (!parent) return front(run.newestBytes, this.byteLength);
    for (let version = run.newest; version; version = version.parent) {
      if (version === this) return front(run.newestBytes, this.byteLength);
    }
    // Off the newest line (another branch was read since): rebuild it, and make it the newest.
    const parentBytes = parent.bytes();
    const bytes = new Uint8Array(this.byteLength);
    bytes.set(parentBytes);
    bytes.set(this.tail, parentBytes.length);
    run.newest = this;
    run.newestBytes = bytes;
    return bytes;
  }

  next(source: PdfSource): PdfRevision {
    checkBytes(source, 'bytes');
    const bytes = toBytes(source);
    if (!startsWith(bytes, this.bytes())) return pdfRevision(bytes);
    // The tail as a real copy: a Node Buffer's `.slice()` is a view that keeps the caller's buffer.
    const version = new Version(this.run, this, bytes.length, new Uint8Array(bytes.subarray(this.byteLength)));
    this.run.newest = version;
    this.run.newestBytes = compact(bytes);
    return version;
  }
}

/** The first version of a PDF (the file as loaded); `next` makes the versions after it. */
export function pdfRevision(bytes: PdfSource): PdfRevision {
  checkBytes(bytes, 'bytes');
  const run: Run = { newest: undefined, newestBytes: compact(toBytes(bytes)) };
  const first = new Version(run, undefined, run.newestBytes.length, new Uint8Array(0));
  run.newest = first;
  return first;
}
