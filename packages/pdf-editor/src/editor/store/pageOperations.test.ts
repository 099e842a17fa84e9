// Page operations in a long editing session: fifty rotations on a 2.6 MB book must keep about one
// copy of it in the undo history (each step as a whole file kept 324 MB alive), and undo and redo
// must still give back each version byte for byte.
import { describe, expect, it } from 'vitest';
import type { PdfRevision } from '../../core/index';
import { hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';
import { until } from '../../test-support/pdfjsInNode';
import { createEditor } from '../createEditor';
import { runPageOperation } from './pageOperations';

/** The distinct buffers behind these revisions' bytes, in bytes: what the history keeps alive of the PDF. */
function retainedBytes(revisions: readonly PdfRevision[]): number {
  const buffers = new Set(revisions.map((revision) => revision.bytes().buffer));
  return [...buffers].reduce((sum, buffer) => sum + buffer.byteLength, 0);
}

describe.skipIf(!hasSharedPdfs)('page operations in the undo history', () => {
  it('must keep 50 rotations of freeculture.pdf in about one copy, and undo them all to the original bytes', async () => {
    const original = readSharedPdf('freeculture.pdf');
    const editor = createEditor({ file: original.slice(), signatureStore: null });
    const unmount = editor.mount();
    await until(() => Boolean(editor.getState().pdf), { tries: 200, message: 'The file did not load' });

    for (let step = 0; step < 50; step++) {
      await runPageOperation(editor.store, { type: 'rotate', pages: [1 + ((step * 7) % 352)], degrees: 90 });
    }
    const last = editor.getState().pdf!.bytes().slice();
    expect(editor.store.history.undoCount).toBe(50);

    // Every state the undo stack holds, newest first.
    const revisions = [editor.getState().pdf!];
    while (editor.store.history.canUndo) {
      editor.undo();
      revisions.push(editor.getState().pdf!);
    }
    expect(new Set(revisions).size).toBe(51);
    // One file and what the rotations appended to it: fifty whole copies would be 50 times that.
    expect(retainedBytes(revisions)).toBeLessThan(original.length * 1.2);
    expect(editor.getState().pdf!.bytes()).toEqual(original);

    while (editor.store.history.canRedo) editor.redo();
    expect(editor.getState().pdf!.bytes()).toEqual(last);
    unmount();
  });
});
