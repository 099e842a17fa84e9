// Downloads as a host meets them in <PdfEditor />: the Download PDF button hands the annotated file
// to onDownload (no browser download of its own) and onExported hears of it; a gate that prompts
// stops it before any export.
import { act, StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { normalizeAnnotation } from '../core/index';
import type { Annotation, Gate } from '../core/index';
import type { ExportedPdf } from '../editor/index';
import { hasSharedPdfs, readSharedPdf } from '../test-support/sharedPdfs';
import { renderInDocumentAsync } from '../test-support/renderInDocument';
import { PdfEditor } from './PdfEditor';
import type { PdfEditorProps } from './PdfEditor';

afterEach(() => vi.restoreAllMocks());

const note = normalizeAnnotation({ type: 'text', page: 1, position: { x: 72, y: 72 }, content: 'Approved' }) as Annotation;

// StrictMode mounts, unmounts and mounts the editor again, as React does in development.
async function mountWithPdf(props: PdfEditorProps) {
  const { container } = await renderInDocumentAsync(
    <StrictMode>
      <PdfEditor file={readSharedPdf('tracemonkey.pdf')} fileName="tracemonkey.pdf" signatureStore={null} defaultAnnotations={[note]} {...props} />
    </StrictMode>,
  );
  const downloadButton = () => [...container.querySelectorAll<HTMLButtonElement>('button')].find((button) => button.textContent === 'Download PDF');
  // The file is read after mount; the button is enabled once the editor has its bytes.
  for (let tries = 0; downloadButton()?.disabled !== false; tries++) {
    if (tries > 100) throw new Error('the PDF never loaded');
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
  const click = () => act(async () => void downloadButton()?.click());
  return { container, click };
}

describe.skipIf(!hasSharedPdfs)('downloads', () => {
  it('must hand the Download PDF button\'s file to onDownload instead of downloading it in the browser', async () => {
    const createObjectURL = vi.spyOn(URL, 'createObjectURL');
    const downloads: { bytes: Uint8Array; fileName: string }[] = [];
    const exported: ExportedPdf[] = [];
    const { click } = await mountWithPdf({
      onDownload: (bytes, fileName) => void downloads.push({ bytes, fileName }),
      onExported: (result) => void exported.push(result),
    });
    await click();
    await act(async () => {
      for (let tries = 0; downloads.length === 0 && tries < 200; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(downloads.map((d) => d.fileName)).toEqual(['tracemonkey_edited.pdf']);
    expect(new TextDecoder().decode(downloads[0]?.bytes.subarray(0, 5))).toBe('%PDF-');
    expect(exported.map((result) => result.annotations)).toEqual([[note]]);
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('must not export or call onDownload when the gate prompts for the download', async () => {
    const onDownload = vi.fn();
    const onExported = vi.fn();
    const prompts: string[] = [];
    const gate: Gate = { check: (action) => (action.type === 'download' ? { prompt: 'download', message: 'Sign up' } : 'allow') };
    const { click } = await mountWithPdf({ gate, onGatePrompt: (decision) => void prompts.push(decision.message), onDownload, onExported });
    await click();
    expect(prompts).toEqual(['Sign up']);
    expect(onDownload).not.toHaveBeenCalled();
    expect(onExported).not.toHaveBeenCalled();
  });
});
