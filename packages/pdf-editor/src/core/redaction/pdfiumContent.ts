// Removes the page content under redaction areas with PDFium's redaction (the @embedpdf/pdfium
// build): glyphs of text (inside form XObjects too), the covered pixels of images, and vector
// graphics and shadings that lie inside an area. PDFium is a 4.5 MB WebAssembly module, so it is
// loaded only when a file is redacted (a dynamic import), once per process or worker; in Node the
// module finds its pdfium.wasm beside itself, in browsers the bundler serves it (see
// docs/redaction.md). The file is then written anew, not as an update of the one read.
import { PdfInvalidError } from '../errors';
import type { UserSpaceArea } from './removeAnnotations';

type Pdfium = Awaited<ReturnType<typeof import('@embedpdf/pdfium').init>>;

let loading: Promise<Pdfium> | undefined;

/** The module's memory as bytes, read anew each time: growing the memory replaces the view. */
function heap(pdfium: Pdfium): Uint8Array {
  // Emscripten's module has HEAPU8; the package's own types leave it out.
  return (pdfium.pdfium as unknown as { HEAPU8: Uint8Array }).HEAPU8;
}

function loadPdfium(): Promise<Pdfium> {
  loading ??= import('@embedpdf/pdfium')
    .then(async ({ init }) => {
      const pdfium = await init({});
      pdfium.PDFiumExt_Init();
      return pdfium;
    })
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/** What PDFium removed under one area. */
export interface ContentRemoval {
  characters: number;
  changed: boolean;
}

/**
 * Removes the content under `areas` from the (unencrypted) file `bytes`; returns the new file and
 * one report per area.
 */
export async function removeContentUnder(bytes: Uint8Array, areas: readonly UserSpaceArea[]): Promise<{ bytes: Uint8Array; removals: ContentRemoval[] }> {
  const pdfium = await loadPdfium();
  const { wasmExports, setValue } = pdfium.pdfium;
  const input = wasmExports.malloc(bytes.length);
  const rect = wasmExports.malloc(16);
  let document = 0;
  try {
    heap(pdfium).set(bytes, input);
    document = pdfium.FPDF_LoadMemDocument(input, bytes.length, '');
    if (!document) throw new PdfInvalidError(`PDFium could not read the file to redact it (error ${pdfium.FPDF_GetLastError()}).`);
    const removals = areas.map((): ContentRemoval => ({ characters: 0, changed: false }));
    const pageIndexes = [...new Set(areas.map((area) => area.pageIndex))];
    for (const pageIndex of pageIndexes) {
      const page = pdfium.FPDF_LoadPage(document, pageIndex);
      if (!page) throw new PdfInvalidError(`PDFium could not read page ${pageIndex + 1} to redact it.`);
      try {
        let changed = false;
        areas.forEach((area, areaIndex) => {
          if (area.pageIndex !== pageIndex) return;
          const { x, y, width, height } = area.pdfRect;
          const removal = removals[areaIndex] as ContentRemoval;
          const charactersBefore = characterCount(pdfium, page);
          // FS_RECTF: left, top, right, bottom.
          setValue(rect, x, 'float');
          setValue(rect + 4, y + height, 'float');
          setValue(rect + 8, x + width, 'float');
          setValue(rect + 12, y, 'float');
          removal.changed = pdfium.EPDFText_RedactInRect(page, rect, true, false);
          // Counted on the page as it is now: PDFium removes every glyph the area touches, which a count of the text inside it would not give.
          if (removal.changed) removal.characters = charactersBefore - characterCount(pdfium, page);
          changed ||= removal.changed;
        });
        if (changed && !pdfium.FPDFPage_GenerateContent(page)) throw new PdfInvalidError(`PDFium could not write page ${pageIndex + 1} after redacting it.`);
      } finally {
        pdfium.FPDF_ClosePage(page);
      }
    }
    return { bytes: save(pdfium, document), removals };
  } finally {
    if (document) pdfium.FPDF_CloseDocument(document);
    wasmExports.free(rect);
    wasmExports.free(input);
  }
}

/**
 * How many characters of text the page (as loaded, with its edits) draws: not the spaces and line
 * breaks PDFium's text extraction adds between pieces of text.
 */
function characterCount(pdfium: Pdfium, page: number): number {
  const textPage = pdfium.FPDFText_LoadPage(page);
  if (!textPage) return 0;
  try {
    let count = 0;
    const total = pdfium.FPDFText_CountChars(textPage);
    for (let index = 0; index < total; index++) if (pdfium.FPDFText_IsGenerated(textPage, index) === 0) count++;
    return count;
  } finally {
    pdfium.FPDFText_ClosePage(textPage);
  }
}

function save(pdfium: Pdfium, document: number): Uint8Array {
  const writer = pdfium.PDFiumExt_OpenFileWriter();
  try {
    if (!pdfium.PDFiumExt_SaveAsCopy(document, writer)) throw new PdfInvalidError('PDFium could not write the redacted file.');
    const size = pdfium.PDFiumExt_GetFileWriterSize(writer);
    const data = pdfium.pdfium.wasmExports.malloc(size);
    try {
      pdfium.PDFiumExt_GetFileWriterData(writer, data, size);
      return heap(pdfium).slice(data, data + size);
    } finally {
      pdfium.pdfium.wasmExports.free(data);
    }
  } finally {
    pdfium.PDFiumExt_CloseFileWriter(writer);
  }
}
