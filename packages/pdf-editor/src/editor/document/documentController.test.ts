// Page sizes come lazily, as pdf.js's own viewer learns them: opening a file asks pdf.js for page 1
// alone, the other pages take its size until the viewer draws them and reports theirs. Asking for
// every page up front made pdf.js's worker parse them all while page 1 was being drawn. Runs
// pdf.js in Node.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';
import { createEditor } from '../createEditor';
import { loadPdfJs } from './pdfjs';

async function until(done: () => boolean): Promise<void> {
  for (let tries = 0; !done(); tries++) {
    if (tries > 1000) throw new Error('Timed out waiting for the document');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe.skipIf(!hasSharedPdfs)('the page sizes of an opened document', () => {
  beforeAll(async () => {
    const pdfjs = await loadPdfJs();
    pdfjs.GlobalWorkerOptions.workerSrc = pathToFileURL(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.worker.mjs')).href;
  });

  it('must take page 1 for every page not drawn yet, and each page its own once the viewer measures it', async () => {
    // sizes.pdf: 612 x 792, then 649 x 323, then 792 x 612.
    const editor = createEditor({ file: readSharedPdf('sizes.pdf'), signatureStore: null });
    const unmount = editor.mount();
    const detach = editor.document.attach();
    await until(() => editor.document.getState().status === 'ready');
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
