// Page sizes come lazily, as pdf.js's own viewer learns them: opening a file asks pdf.js for page 1
// alone, the other pages take its size until the viewer draws them and reports theirs. Asking for
// every page up front made pdf.js's worker parse them all while page 1 was being drawn. Runs
// pdf.js in Node.
import { beforeAll, describe, expect, it } from 'vitest';
import { hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';
import { createEditor } from '../createEditor';
import { until, usePdfjsWorkerInNode } from '../../test-support/pdfjsInNode';

const DOCUMENT_WAIT = { tries: 1000, message: 'Timed out waiting for the document' };

describe.skipIf(!hasSharedPdfs)('the page sizes of an opened document', () => {
  beforeAll(async () => {
    await usePdfjsWorkerInNode();
  });

  it('must take page 1 for every page not drawn yet, and each page its own once the viewer measures it', async () => {
    // sizes.pdf: 612 x 792, then 649 x 323, then 792 x 612.
    const editor = createEditor({ file: readSharedPdf('sizes.pdf'), signatureStore: null });
    const unmount = editor.mount();
    const detach = editor.document.attach();
    await until(() => editor.document.getState().status === 'ready', DOCUMENT_WAIT);
    const pdf = editor.document.getState().pdf;
    if (!pdf) throw new Error('no document');
    const asked: number[] = [];
    const getPage = pdf.getPage.bind(pdf);
    pdf.getPage = (page) => {
      asked.push(page);
      return getPage(page);
    };
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked).toEqual([]);
    const letter = { width: 612, height: 792 };
    expect(editor.document.getState().pageSizes).toEqual([letter, letter, letter]);

    editor.document.measured(2, { width: 649, height: 323 });
    expect(editor.document.getState().pageSizes).toEqual([letter, { width: 649, height: 323 }, letter]);
    detach();
    unmount();
  });
});
