// PDFium (@embedpdf/pdfium, its WebAssembly build) driven from tests as another tool would use it:
// open our bytes, optionally edit annotations through its C API, save with FPDF_SaveAsCopy (a full
// rewrite of the file). A judge for tests only; never used by the SDK.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { init as initPdfium } from '@embedpdf/pdfium';

type Pdfium = Awaited<ReturnType<typeof initPdfium>>;

let loaded: Promise<Pdfium> | undefined;

/** The module, compiled once per test file. */
function pdfium(): Promise<Pdfium> {
  loaded ??= (async () => {
    const require = createRequire(import.meta.url);
    const module = await initPdfium({ wasmBinary: readFileSync(require.resolve('@embedpdf/pdfium/pdfium.wasm')).buffer as ArrayBuffer });
    module.PDFiumExt_Init();
    return module;
  })();
  return loaded;
}

/** The annotations of one page as PDFium's API reaches them, by their /NM. */
export interface PdfiumPage {
  /** /C as 0-255 components and /CA as alpha 0-255; the appearance is dropped, as PDFium's own UI does. */
  setColor(id: string, rgb: [number, number, number], alpha: number): void;
  /** /IC as 0-255 components (the alpha PDFium asks for is not written for an interior colour). */
  setInteriorColor(id: string, rgb: [number, number, number]): void;
  setContents(id: string, text: string): void;
  remove(id: string): void;
}

/**
 * `bytes` opened by PDFium, `edit` applied to the annotations of page `pageIndex` (nothing when
 * absent), and saved with FPDF_SaveAsCopy.
 */
export async function pdfiumSave(bytes: Uint8Array, edit?: (page: PdfiumPage) => void, pageIndex = 0): Promise<Uint8Array> {
  const module = await pdfium();
  const { wasmExports, HEAPU8 } = module.pdfium as typeof module.pdfium & { HEAPU8: Uint8Array };
  const input = wasmExports.malloc(bytes.length);
  HEAPU8.set(bytes, input);
  const doc = module.FPDF_LoadMemDocument(input, bytes.length, '');
  if (!doc) throw new Error(`PDFium could not open the file (error ${module.FPDF_GetLastError()})`);
  const allocated: number[] = [input];
  const utf16 = (text: string) => {
    const pointer = wasmExports.malloc((text.length + 1) * 2);
    allocated.push(pointer);
    module.pdfium.stringToUTF16(text, pointer, (text.length + 1) * 2);
    return pointer;
  };
  try {
    if (edit) editPage(module, doc, pageIndex, utf16, edit);
    const writer = module.PDFiumExt_OpenFileWriter();
    if (!module.PDFiumExt_SaveAsCopy(doc, writer)) throw new Error('PDFium could not save the file');
    const size = module.PDFiumExt_GetFileWriterSize(writer);
    const output = wasmExports.malloc(size);
    allocated.push(output);
    module.PDFiumExt_GetFileWriterData(writer, output, size);
    module.PDFiumExt_CloseFileWriter(writer);
    return HEAPU8.slice(output, output + size);
  } finally {
    module.FPDF_CloseDocument(doc);
    for (const pointer of allocated) wasmExports.free(pointer);
  }
}

/** Applies `edit` to the annotations of page `pageIndex` of the open document `doc`. */
function editPage(module: Pdfium, doc: number, pageIndex: number, utf16: (text: string) => number, edit: (page: PdfiumPage) => void): void {
  const { wasmExports } = module.pdfium;
  const page = module.FPDF_LoadPage(doc, pageIndex);
  const nameOf = (annot: number) => {
    const size = module.FPDFAnnot_GetStringValue(annot, 'NM', 0, 0);
    const buffer = wasmExports.malloc(size);
    module.FPDFAnnot_GetStringValue(annot, 'NM', buffer, size);
    const name = module.pdfium.UTF16ToString(buffer);
    wasmExports.free(buffer);
    return name;
  };
  const indexOf = (id: string) => {
    for (let index = 0; index < module.FPDFPage_GetAnnotCount(page); index++) {
      const annot = module.FPDFPage_GetAnnot(page, index);
      const found = nameOf(annot) === id;
      module.FPDFPage_CloseAnnot(annot);
      if (found) return index;
    }
    throw new Error(`PDFium does not see ${id}`);
  };
  const withAnnot = (id: string, use: (annot: number) => boolean) => {
    const annot = module.FPDFPage_GetAnnot(page, indexOf(id));
    const done = use(annot);
    module.FPDFPage_CloseAnnot(annot);
    if (!done) throw new Error(`PDFium refused the change to ${id}`);
  };
  try {
    edit({
      setColor: (id, [r, g, b], alpha) =>
        withAnnot(id, (annot) => {
          // PDFium leaves colours of annotations with an appearance stream alone: drop it, as its UI does.
          module.FPDFAnnot_SetAP(annot, 0, 0);
          return module.FPDFAnnot_SetColor(annot, 0, r, g, b, alpha);
        }),
      setInteriorColor: (id, [r, g, b]) =>
        withAnnot(id, (annot) => {
          module.FPDFAnnot_SetAP(annot, 0, 0);
          return module.FPDFAnnot_SetColor(annot, 1, r, g, b, 255);
        }),
      setContents: (id, text) => withAnnot(id, (annot) => module.FPDFAnnot_SetStringValue(annot, 'Contents', utf16(text))),
      remove(id) {
        if (!module.FPDFPage_RemoveAnnot(page, indexOf(id))) throw new Error(`PDFium did not remove ${id}`);
      },
    });
  } finally {
    module.FPDF_ClosePage(page);
  }
}
