// A re-save by another tool that edits nothing must not change what import returns: MuPDF.js
// (full saves, with garbage collection and compression), PDFium (FPDF_SaveAsCopy), qpdf and mutool
// re-serialise every object (reals as float32 printed at their own precision, objects renumbered,
// streams recompressed, keys reordered), yet the standard keys still say the same, so the private
// copy stays trusted and 500 annotations of every kind come back exactly.
import * as mupdf from 'mupdf';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportPdf } from '../export/exportPdf';
import type { Annotation } from '../model/types';
import { everyTypeAt } from '../../test-support/annotationFixtures';
import { pdfiumSave } from '../../test-support/pdfium';
import { rewrittenBy } from '../../test-support/pdfTools';
import { importAnnotations } from './importAnnotations';

const COUNT = 500;
const PAGE = { width: 612, height: 792 };
const STRIPS_PER_PAGE = 7;
const FONTS = ['Helvetica', 'Times New Roman', 'Courier New', 'Georgia', 'Arial', 'Verdana', 'Comic Sans MS'];

/**
 * `COUNT` annotations of every kind in strips of `everyTypeAt`, each strip at an origin, stroke
 * width, opacity and font of its own with many decimals: the numbers a float32 writer prints
 * differently from ours.
 */
function manyAnnotations(): Annotation[] {
  const annotations: Annotation[] = [];
  for (let strip = 0; annotations.length < COUNT; strip++) {
    const page = Math.floor(strip / STRIPS_PER_PAGE) + 1;
    const origin = { x: 20 + ((strip * 7.3123456789) % 60), y: 12.3456789 + (strip % STRIPS_PER_PAGE) * 109.87654321 };
    const strokeWidth = 0.75 + (strip % 9) * 0.61333333;
    const opacity = 0.35 + (strip % 6) * 0.1234567;
    for (const annotation of everyTypeAt(page, origin).annotations) {
      const varied: Annotation =
        annotation.type === 'text'
          ? { ...annotation, fontFamily: FONTS[strip % FONTS.length] as string, fontSize: 11.37 + (strip % 5) * 1.1, fontStyle: strip % 2 ? 'italic' : 'normal', opacity }
          : { ...annotation, strokeWidth, opacity };
      annotations.push({ ...varied, id: `s${strip}-${varied.type}-${annotations.length}` });
    }
  }
  return annotations.slice(0, COUNT);
}

async function blankPages(count: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let index = 0; index < count; index++) doc.addPage([PAGE.width, PAGE.height]);
  return doc.save();
}

/** The file as MuPDF.js saves it in full (not incrementally) with `options`. */
function mupdfSave(options: string) {
  return (bytes: Uint8Array): Uint8Array => {
    const doc = mupdf.Document.openDocument(bytes, 'application/pdf').asPDF();
    if (!doc) throw new Error('MuPDF did not open our export as a PDF');
    return doc.saveToBuffer(options).asUint8Array();
  };
}

const RESAVES: [string, (bytes: Uint8Array) => Uint8Array | Promise<Uint8Array>][] = [
  ['MuPDF.js, a full save', mupdfSave('')],
  ['MuPDF.js, garbage=4 and compress', mupdfSave('garbage=4,compress=yes')],
  ['MuPDF.js, garbage=deduplicate, compress, clean and sanitize', mupdfSave('garbage=deduplicate,compress=yes,clean=yes,sanitize=yes')],
  ['PDFium, FPDF_SaveAsCopy', (bytes) => pdfiumSave(bytes)],
  ['qpdf --qdf', rewrittenBy('qpdf', (input, output) => ['--qdf', '--object-streams=disable', input, output])],
  ['qpdf with object streams', rewrittenBy('qpdf', (input, output) => ['--object-streams=generate', input, output])],
  ['mutool clean -gggg -z', rewrittenBy('mutool', (input, output) => ['clean', '-gggg', '-z', input, output])],
];

describe('importAnnotations after another tool re-saved our native export without an edit', () => {
  const drawn = manyAnnotations();
  let exported: Uint8Array;

  beforeAll(async () => {
    exported = await exportPdf(await blankPages(Math.ceil(drawn.length / 19 / STRIPS_PER_PAGE)), drawn, { mode: 'native' });
    expect(await importAnnotations(exported)).toEqual(drawn);
  });

  it.each(RESAVES)(`must give back all ${COUNT} annotations exactly after %s`, async (_name, resave) => {
    const resaved = await resave(exported);
    const imported = await importAnnotations(resaved);
    const byId = new Map(imported.map((annotation) => [annotation.id, annotation]));
    const changed = drawn.filter((annotation) => JSON.stringify(byId.get(annotation.id)) !== JSON.stringify(annotation)).map(({ id }) => id);
    expect(changed, `${drawn.length - changed.length}/${drawn.length} came back exactly`).toEqual([]);
    expect(imported).toEqual(drawn);
  });
});
