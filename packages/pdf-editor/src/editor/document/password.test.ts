// A user-password PDF in the editor: the password typed at the prompt opens the document in the
// viewer and is handed to the core's page operations and export, so they work on the protected
// file too and the viewer reopens their results without asking again. Runs pdf.js in Node.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Annotation, getPageSizes, importAnnotations, normalizeAnnotation, protectPdf } from '../../core/index';
import { hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';
import { createEditor } from '../createEditor';
import { runPageOperation } from '../store/pageOperations';
import { until, usePdfjsWorkerInNode } from '../../test-support/pdfjsInNode';

const EDITOR_WAIT = { tries: 1000, message: 'Timed out waiting for the editor' };

const PASSWORD = 'open sesame';

describe.skipIf(!hasSharedPdfs)('a password-protected PDF in the editor', () => {
  beforeAll(async () => {
    await usePdfjsWorkerInNode();
  });

  it('must rotate and delete pages and export with the password typed at the prompt', async () => {
    // sizes.pdf: three pages of different sizes, the first 612 x 792.
    const locked = await protectPdf(readSharedPdf('sizes.pdf'), { userPassword: PASSWORD });
    const editor = createEditor({ file: locked, signatureStore: null });
    const unmount = editor.mount();
    const detach = editor.document.attach();
    await until(() => editor.document.getState().status === 'password', EDITOR_WAIT);
    editor.document.submitPassword(PASSWORD);
    await until(() => editor.document.getState().status === 'ready', EDITOR_WAIT);
    const mark = normalizeAnnotation({ type: 'rectangle', page: 3, id: 'on-page-3' }) as Annotation;
    editor.getState().actions.add(mark);

    await runPageOperation(editor.store, { type: 'rotate', pages: [1], degrees: 90 });
    await runPageOperation(editor.store, { type: 'delete', pages: [2] });
    const edited = editor.getState().pdf;
    if (!edited) throw new Error('no document');
    const sizes = await getPageSizes(edited.bytes(), { password: PASSWORD });
    expect(sizes).toHaveLength(2);
    expect(sizes[0]).toEqual({ width: 792, height: 612 });
    expect(editor.getAnnotations().map((annotation) => annotation.page)).toEqual([2]);
    // The viewer opened the new bytes with the same password: no second prompt.
    await until(() => editor.document.getState().pdf?.numPages === 2, EDITOR_WAIT);
    expect(editor.document.getState().status).toBe('ready');

    const exported = await editor.exportPdf({ mode: 'native' });
    const imported = await importAnnotations(exported, { password: PASSWORD });
    expect(imported.map((annotation) => [annotation.id, annotation.page])).toEqual([['on-page-3', 2]]);
    detach();
    unmount();
  });
});
