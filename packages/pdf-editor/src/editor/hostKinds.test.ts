// A host's own kind through the editor's `kinds` option: a host tool makes it, undo takes it back,
// the editor's export draws it on this thread (never in the worker, which cannot have the host's
// code), and the native export reads back into it.
import { describe, expect, it, vi } from 'vitest';
import { importAnnotations, InvalidInputError, normalizeAnnotation } from '../core/index';
import { crossKind, type Cross } from '../test-support/hostKind';
import { hasSharedPdfs, readSharedPdf } from '../test-support/sharedPdfs';
import { createEditor } from './createEditor';
import { runExport } from './export/runExport';
import type { ToolDefinition } from './tools/types';

/** Places a cross where the pointer is released. */
const crossTool: ToolDefinition = {
  preset: { id: 'custom:cross', label: { text: 'Cross' }, creates: 'custom:cross', cursor: 'copy', icon: 'M4 4l16 16M20 4L4 20' },
  createMachine: ({ store }) => ({
    state: 'idle',
    pointerDown() {},
    pointerMove() {},
    pointerUp({ page, x, y }) {
      store.getState().actions.add(normalizeAnnotation<Cross>({ type: 'custom:cross', page, position: { x, y } }));
    },
    cancel() {},
  }),
};

describe('the kinds option', () => {
  it("must let a host tool make the host's kind, undoably", () => {
    const editor = createEditor({ signatureStore: null, kinds: [crossKind], tools: [crossTool] });
    expect(editor.setTool('custom:cross')).toBe(true);
    editor.machine().pointerDown({ page: 1, x: 30, y: 40 });
    editor.machine().pointerUp({ page: 1, x: 30, y: 40 });
    expect(editor.getAnnotations()).toEqual([expect.objectContaining({ type: 'custom:cross', position: { x: 30, y: 40 }, size: 40 })]);
    editor.undo();
    expect(editor.getAnnotations()).toEqual([]);
  });

  it('must refuse a kind that is not one, naming it', () => {
    expect(() => createEditor({ kinds: [{ ...crossKind, kind: { ...crossKind.kind, type: 'text' as 'custom:cross' } }] })).toThrow(InvalidInputError);
    expect(() => createEditor({ kinds: [{ ...crossKind, pdf: { ...crossKind.pdf, draw: undefined as never } }] })).toThrow(/options\.kinds\[0\]\.pdf\.draw/);
  });

  it.skipIf(!hasSharedPdfs)('must export a document holding it on this thread, not in a worker, and read it back from a native export', async () => {
    // Workers exist here, as in a browser; the worker the export would start refuses to.
    vi.stubGlobal('Worker', class {});
    const worker = () => {
      throw new Error('a worker was started');
    };
    try {
      const pdf = readSharedPdf('tracemonkey.pdf');
      const cross = normalizeAnnotation<Cross>({ type: 'custom:cross', page: 1, position: { x: 72, y: 72 } });
      const bytes = await runExport(pdf, [cross], { mode: 'native', worker });
      expect(await importAnnotations(bytes)).toEqual([cross]);
      // It cannot be stopped there, but an abort rejects at once.
      const controller = new AbortController();
      const running = runExport(pdf, [cross], { signal: controller.signal, worker });
      controller.abort();
      await expect(running).rejects.toMatchObject({ name: 'AbortError' });
      // Built-in kinds alone still go to the worker.
      await expect(runExport(pdf, [normalizeAnnotation({ type: 'rectangle', page: 1 })], { worker })).rejects.toThrow('a worker was started');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
