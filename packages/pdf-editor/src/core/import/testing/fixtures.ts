// Test fixtures for native export and import: one annotation of every type within a 320 x 300 pt
// area at the top-left of a page (every test page is at least that large), a tiny PNG, and
// helpers that read and rewrite exported files with the engine, the way other tools would.
import { PdfArray, PdfDict, PdfRef, type PDF } from '../../pdf/engine';
import { PDFDocument } from 'pdf-lib';
import { STAMP_PRESETS } from '../../kinds/stamp';
import { normalizeAnnotation } from '../../model/defaults';
import type { Annotation } from '../../model/types';
import { MARGINALIA_DATA_NAME } from '../../export/native/marginaliaData';
import { openPdf } from '../../pdf/openPdf';
import { encodePng, toDataUrl } from '../png';

/** A solid-colour PNG data URL. */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): string {
  const pixels = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) pixels.set([r, g, b, 255], i * 4);
  return toDataUrl('image/png', encodePng(width, height, pixels, 4));
}

/** A one-page PDF of `width` x `height` points with nothing on it, written by another library (pdf-lib). */
export async function blankPdf(width: number, height: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([width, height]);
  return doc.save();
}

/** One annotation of every type on `page`, ids prefixed so pages can be told apart. */
export function everyType(page: number, prefix = `p${page}`): Annotation[] {
  const at = (x: number, y: number) => ({ x, y });
  return [
    normalizeAnnotation({ type: 'rectangle', page, id: `${prefix}-rect`, position: at(30, 30), width: 80, height: 50, color: '#FF0000', strokeWidth: 3, fillStyle: 'solid', fillColor: '#00FF00' }),
    normalizeAnnotation({ type: 'circle', page, id: `${prefix}-circle`, position: at(130, 30), radius: 30, color: '#0000FF', strokeWidth: 4, opacity: 0.8 }),
    normalizeAnnotation({ type: 'arrow', page, id: `${prefix}-arrow`, position: at(220, 40), endPoint: at(300, 90), color: '#008000', strokeWidth: 2 }),
    normalizeAnnotation({ type: 'freehand', page, id: `${prefix}-ink`, points: [at(30, 110), at(45, 125), at(60, 112), at(80, 140), at(95, 118)], position: at(30, 110), color: '#FF00FF', strokeWidth: 3 }),
    normalizeAnnotation({ type: 'highlight', page, id: `${prefix}-hl`, position: at(120, 110), width: 100, height: 34, rects: [{ x: 120, y: 110, width: 100, height: 15 }, { x: 120, y: 129, width: 60, height: 15 }] }),
    normalizeAnnotation({ type: 'strikethrough', page, id: `${prefix}-strike`, position: at(230, 110), width: 70, height: 14, color: '#C00000' }),
    normalizeAnnotation({ type: 'underline', page, id: `${prefix}-under`, position: at(230, 135), width: 70, height: 14, color: '#0060C0', strokeWidth: 1 }),
    normalizeAnnotation({ type: 'text', page, id: `${prefix}-text`, position: at(30, 160), width: 180, content: 'Hello, margins!\nSecond line: café (ü)', fontSize: 14, color: '#202080', fontWeight: 'bold', textAlign: 'center', fontFamily: 'Times New Roman' }),
    normalizeAnnotation({ type: 'text', page, id: `${prefix}-text-unicode`, position: at(220, 160), width: 90, content: 'Привет Ωμέγα', fontSize: 12, color: '#800000', fontStyle: 'italic', textDecoration: 'underline' }),
    normalizeAnnotation({ type: 'image', page, id: `${prefix}-image`, position: at(30, 210), width: 60, height: 40, imageData: solidPng(4, 3, [255, 128, 0]) }),
    normalizeAnnotation({ type: 'signature', page, id: `${prefix}-sig`, position: at(100, 210), width: 100, height: 40, imageData: solidPng(5, 2, [20, 20, 160]) }),
    normalizeAnnotation({ type: 'whiteout', page, id: `${prefix}-white`, position: at(210, 210), width: 50, height: 15 }),
    normalizeAnnotation({ type: 'comment', page, id: `${prefix}-note`, position: at(280, 215), content: 'A note — with “quotes”' }),
    // The newer kinds, in the rows the others leave free: above y = 30 and below y = 255.
    normalizeAnnotation({ type: 'stamp', page, id: `${prefix}-stamp`, position: at(30, 4), width: 80, height: 22, preset: 'approved', color: STAMP_PRESETS.approved.color }),
    normalizeAnnotation({ type: 'squiggly', page, id: `${prefix}-squiggly`, position: at(130, 6), width: 90, height: 18, color: '#00A0A0', strokeWidth: 2 }),
    normalizeAnnotation({ type: 'caret', page, id: `${prefix}-caret`, position: at(240, 6), width: 14, height: 18, color: '#808000', content: 'insert “here”' }),
    normalizeAnnotation({ type: 'ellipse', page, id: `${prefix}-ellipse`, position: at(30, 258), width: 80, height: 36, color: '#FF0080', strokeWidth: 3 }),
    normalizeAnnotation({ type: 'polygon', page, id: `${prefix}-polygon`, position: at(125, 258), points: [at(125, 292), at(155, 258), at(185, 292), at(155, 280)], color: '#000080', strokeWidth: 2, fillStyle: 'solid', fillColor: '#80FF00' }),
    normalizeAnnotation({ type: 'polyline', page, id: `${prefix}-polyline`, position: at(205, 260), points: [at(205, 292), at(225, 260), at(245, 292), at(265, 260), at(285, 292)], color: '#00C0FF', strokeWidth: 3 }),
  ];
}

/** Every annotation dictionary on the pages' /Annots. */
export function annotationDicts(pdf: PDF): PdfDict[] {
  const resolve = <T,>(value: T) => (value instanceof PdfRef ? pdf.getObject(value) : value);
  return pdf.getPages().flatMap((page) => {
    const annots = resolve(page.dict.get('Annots'));
    if (!(annots instanceof PdfArray)) return [];
    return annots.toArray().flatMap((item) => {
      const dict = resolve(item);
      return dict instanceof PdfDict ? [dict] : [];
    });
  });
}

/** The file as another tool that drops unknown keys would save it: no private model copy. */
export async function stripMarginaliaData(bytes: Uint8Array): Promise<Uint8Array> {
  const { pdf } = await openPdf(bytes);
  for (const dict of annotationDicts(pdf)) dict.delete(MARGINALIA_DATA_NAME);
  return pdf.save();
}
