// The private copy's format: an image's bytes are stored once per export, apart from the JSON, and
// come back as the very data URL that was exported; files written with the first format (the
// whole data URL inside the JSON) still import exactly.
import { PDF, PdfDict, PdfRef, PdfStream, type PdfObject } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { exportPdf } from '../export/exportPdf';
import { MARGINALIA_DATA_NAME, MARGINALIA_IMAGE_NAME } from '../export/native/marginaliaData';
import { normalizeAnnotation } from '../model/defaults';
import type { Annotation } from '../model/types';
import { openPdf } from '../pdf/openPdf';
import { qpdfCheck } from '../../test-support/pdfTools';
import { importAnnotations } from './importAnnotations';
import { standardKeysDigest } from './standardKeysDigest';
import { annotationDicts, everyType, solidPng } from './testing/fixtures';

async function blankPdf(): Promise<Uint8Array> {
  const pdf = PDF.create();
  pdf.addPage({ width: 600, height: 800 });
  pdf.addPage({ width: 600, height: 800 });
  return pdf.save();
}

const picture = solidPng(6, 4, [200, 40, 40]);

function images(): Annotation[] {
  return [1, 1, 2].map((page, index) =>
    normalizeAnnotation({ type: 'image', page, id: `picture-${index}`, position: { x: 40 + 80 * index, y: 50 }, width: 60, height: 40, imageData: picture }),
  );
}

function resolver(pdf: PDF) {
  return (value: PdfObject | undefined) => (value instanceof PdfRef ? (pdf.getObject(value) ?? undefined) : value);
}

interface StoredCopy {
  /** The annotation dictionary holding it. */
  dict: PdfDict;
  stream: PdfStream;
  json: Record<string, unknown>;
}

async function privateCopies(bytes: Uint8Array): Promise<{ pdf: PDF; copies: StoredCopy[] }> {
  const { pdf } = await openPdf(bytes);
  const resolve = resolver(pdf);
  const copies = annotationDicts(pdf).map((dict) => {
    const stream = resolve(dict.get(MARGINALIA_DATA_NAME));
    if (!(stream instanceof PdfStream)) throw new Error('no private copy');
    return { dict, stream, json: JSON.parse(new TextDecoder().decode(stream.getDecodedData())) as Record<string, unknown> };
  });
  return { pdf, copies };
}

describe('the private copy of an image annotation', () => {
  it('must keep the image bytes once, outside the JSON, and give back the exact data URL', async () => {
    const drawn = images();
    const exported = await exportPdf(await blankPdf(), drawn, { mode: 'native' });
    const { pdf, copies } = await privateCopies(exported);
    expect(copies).toHaveLength(3);
    const imageRefs = copies.map(({ stream, json }) => {
      expect(JSON.stringify(json)).not.toContain('base64');
      expect(json.imageType).toBe('image/png');
      return String(stream.get(MARGINALIA_IMAGE_NAME));
    });
    // One stream for the three annotations that show the same picture.
    expect(new Set(imageRefs).size).toBe(1);
    const stored = resolver(pdf)(copies[0]?.stream.get(MARGINALIA_IMAGE_NAME));
    expect(stored).toBeInstanceOf(PdfStream);
    expect(Buffer.from((stored as PdfStream).getDecodedData()).toString('base64')).toBe(picture.slice('data:image/png;base64,'.length));
    expect(await importAnnotations(exported)).toEqual(drawn);
    const check = await qpdfCheck(exported);
    expect(check.errors).toEqual([]);
    expect(check.warnings).toEqual([]);
  });

  it('must keep a data URL inline when its bytes would not give back the same text', async () => {
    // A media type parameter and line-wrapped base64: rebuilt from bytes they would read differently.
    const wrapped = `data:image/png;name=pic.png;base64,${picture.slice('data:image/png;base64,'.length).replace(/(.{20})/g, '$1\n')}`;
    const drawn = [normalizeAnnotation({ type: 'signature', page: 1, id: 'signed', position: { x: 40, y: 40 }, width: 80, height: 30, imageData: wrapped })];
    const exported = await exportPdf(await blankPdf(), drawn, { mode: 'native' });
    const { copies } = await privateCopies(exported);
    expect(copies[0]?.json.imageType).toBeUndefined();
    expect(copies[0]?.stream.get(MARGINALIA_IMAGE_NAME)).toBeUndefined();
    expect(await importAnnotations(exported)).toEqual(drawn);
  });

  it('must still import files written with the first format: the whole data URL inside the JSON', async () => {
    const drawn = [...everyType(1), ...images()];
    const exported = await exportPdf(await blankPdf(), drawn, { mode: 'native' });
    const { pdf, copies } = await privateCopies(exported);
    const byId = new Map(drawn.map((annotation) => [annotation.id, annotation]));
    // Rewritten as version 1 wrote it: the annotation as it is, the /Rect it was written for, and
    // the first kind of digest.
    for (const { dict, json } of copies) {
      const annotation = byId.get((json.annotation as { id: string }).id);
      const version1 = { version: 1, rect: [0, 0, 1, 1], digest: standardKeysDigest(pdf, dict, 1), annotation };
      dict.set(MARGINALIA_DATA_NAME, pdf.register(new PdfStream(new PdfDict(), new TextEncoder().encode(JSON.stringify(version1)))));
    }
    const version1File = await pdf.save();
    const rewritten = await privateCopies(version1File);
    expect(rewritten.copies.map(({ json }) => json.version)).toEqual(drawn.map(() => 1));
    expect(await importAnnotations(version1File)).toEqual(drawn);
  });
});
