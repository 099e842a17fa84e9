import { afterAll, describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors';
import { createHistory } from '../history/createHistory';
import { hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';
import { applyPageOperation } from './applyPageOperation';
import { pageCount, pageText, removeTempFiles } from './pdfTools.testkit';
import { pdfRevision, type PdfRevision } from './pdfRevision';
import type { PageOperation } from './types';

type Editing = Exclude<PageOperation, { type: 'split' }>;

/** What an editor does on a page operation: run it on the current version, keep the result as the next. */
async function operate(
  revision: PdfRevision,
  operation: Editing,
  password?: string,
): Promise<[PdfRevision, Uint8Array]> {
  const bytes = await applyPageOperation(
    revision.bytes(),
    operation,
    password === undefined ? {} : { password },
  );
  return [revision.next(bytes), bytes.slice()];
}

/** Distinct buffers behind these versions' bytes, and their total size: what the versions keep alive. */
function buffersBehind(revisions: readonly PdfRevision[]): { count: number; bytes: number } {
  const buffers = new Set(revisions.map((revision) => revision.bytes().buffer));
  return { count: buffers.size, bytes: [...buffers].reduce((sum, buffer) => sum + buffer.byteLength, 0) };
}

describe.skipIf(!hasSharedPdfs)('pdfRevision', () => {
  afterAll(removeTempFiles);

  it('must keep a run of rotations, reorders and inserts as one buffer, each version exact', async () => {
    const original = readSharedPdf('tracemonkey.pdf');
    const versions = [pdfRevision(original)];
    const expected: Uint8Array[] = [original.slice()];
    const operations: Editing[] = [
      { type: 'rotate', pages: [1], degrees: 90 },
      { type: 'reorder', order: [2, 1, ...Array.from({ length: 12 }, (_, i) => i + 3)] },
      { type: 'insert', at: 3, count: 2 },
      { type: 'rotate', pages: [1, 2], degrees: 180 },
    ];
    for (const operation of operations) {
      const [next, bytes] = await operate(versions.at(-1)!, operation);
      versions.push(next);
      expected.push(bytes);
    }
    // Undo all the way down, then redo: every version reads back byte for byte.
    for (const [index, version] of versions.entries()) expect(version.bytes()).toEqual(expected[index]);
    const kept = buffersBehind(versions);
    expect(kept.count).toBe(1);
    expect(kept.bytes).toBe(expected.at(-1)!.length);
    expect(kept.bytes).toBeLessThan(original.length * 1.01);
    expect(await pageCount(versions.at(-1)!.bytes())).toBe(16);
  });

  it('must start a new buffer when delete rebuilds the file, and keep undo exact across it', async () => {
    const original = readSharedPdf('tracemonkey.pdf');
    const first = pdfRevision(original);
    const [rotated, rotatedBytes] = await operate(first, { type: 'rotate', pages: [2], degrees: 90 });
    const [deleted, deletedBytes] = await operate(rotated, { type: 'delete', pages: [1] });
    const [turned, turnedBytes] = await operate(deleted, { type: 'rotate', pages: [1], degrees: -90 });
    expect(buffersBehind([first, rotated]).count).toBe(1);
    expect(buffersBehind([deleted, turned]).count).toBe(1);
    expect(buffersBehind([first, deleted]).count).toBe(2);
    expect([first.bytes(), rotated.bytes(), deleted.bytes(), turned.bytes()]).toEqual([
      original,
      rotatedBytes,
      deletedBytes,
      turnedBytes,
    ]);
    // The deleted page's words are gone from the new file, and back in the version before it.
    expect(pageText(turned.bytes(), 1)).toBe(pageText(rotated.bytes(), 2));
    expect(await pageCount(rotated.bytes())).toBe(14);
  });

  it('must keep an encrypted file, whose delete appends, as one buffer', async () => {
    const password = 'openpassword';
    const original = readSharedPdf('libreoffice-writer-password.pdf');
    const first = pdfRevision(original);
    const [inserted] = await operate(first, { type: 'insert', at: 2, count: 1 }, password);
    const [deleted, deletedBytes] = await operate(inserted, { type: 'delete', pages: [1] }, password);
    expect(buffersBehind([first, inserted, deleted]).count).toBe(1);
    expect(deleted.bytes()).toEqual(deletedBytes);
    expect(first.bytes()).toEqual(original);
  });

  it('must read an abandoned branch exactly after a new one was made from an earlier version', async () => {
    const original = readSharedPdf('sizes.pdf');
    const first = pdfRevision(original);
    const [left, leftBytes] = await operate(first, { type: 'rotate', pages: [1], degrees: 90 });
    const [leftDeeper, leftDeeperBytes] = await operate(left, { type: 'rotate', pages: [2], degrees: 90 });
    const [right, rightBytes] = await operate(first, { type: 'insert', at: 1, count: 1 });
    expect(right.bytes()).toEqual(rightBytes);
    expect(leftDeeper.bytes()).toEqual(leftDeeperBytes);
    expect(left.bytes()).toEqual(leftBytes);
    expect(right.bytes()).toEqual(rightBytes);
    expect(first.bytes()).toEqual(original);
  });

  it('must keep 50 undoable page operations in about one copy of the document', async () => {
    const original = readSharedPdf('freeculture.pdf');
    const history = createHistory({ pdf: pdfRevision(original) });
    for (let step = 0; step < 50; step++) {
      const { pdf } = history.state;
      const bytes = await applyPageOperation(pdf.bytes(), {
        type: 'rotate',
        pages: [1 + (step % 352)],
        degrees: 90,
      });
      history.apply(() => ({ pdf: pdf.next(bytes) }), 'Rotate page');
    }
    const versions = [history.state.pdf];
    while (history.undo()) versions.push(history.state.pdf);
    expect(versions).toHaveLength(51);
    const kept = buffersBehind(versions);
    expect(kept.count).toBe(1);
    // Fifty versions, each the whole file: 50 copies (130 MB) held as one plus 50 small tails.
    expect(kept.bytes).toBeLessThan(original.length * 1.02);
    expect(history.state.pdf.bytes()).toEqual(original);
  }, 120_000);
});

describe('pdfRevision input', () => {
  it('must start from bytes and refuse anything else', () => {
    const bytes = new TextEncoder().encode('%PDF-1.4 not much of a file');
    const first = pdfRevision(bytes.buffer);
    expect(first.bytes()).toEqual(bytes);
    expect(first.byteLength).toBe(bytes.length);
    expect(first.next(new TextEncoder().encode('%PDF-1.7 another file')).bytes()).toHaveLength(21);
    expect(() => pdfRevision('%PDF-1.4' as never)).toThrow(InvalidInputError);
    expect(() => first.next([1, 2] as never)).toThrow(/^bytes: /);
  });
});
