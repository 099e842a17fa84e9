// Import of annotations other tools wrote (pdf.js's editor, a Chinese PDF editor), of files with
// nothing to import, and of files that cannot be read. Expected values are read off the files'
// own dictionaries (qpdf --json), converted to display space by hand: y = page height - y.
import { PdfArray, PdfNumber } from '../pdf/engine';
import { describe, expect, it } from 'vitest';
import { PdfInvalidError, PdfPasswordError } from '../errors';
import { exportPdf } from '../export/exportPdf';
import type { Annotation } from '../model/types';
import { hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';
import { openPdf } from '../pdf/openPdf';
import { importAnnotations } from './importAnnotations';
import { annotationDicts, everyType } from './testing/fixtures';

async function importWithWarnings(bytes: Uint8Array) {
  const warnings: string[] = [];
  const annotations = await importAnnotations(bytes, { onWarning: (message) => warnings.push(message) });
  return { annotations, warnings };
}

function countTypes(annotations: readonly Annotation[]): Partial<Record<Annotation['type'], number>> {
  const counts: Partial<Record<Annotation['type'], number>> = {};
  for (const { type } of annotations) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}

const find = (annotations: readonly Annotation[], id: string) => {
  const found = annotations.find((annotation) => annotation.id === id);
  expect(found, id).toBeDefined();
  return found as Annotation;
};

/** Width and height of a PNG data URL, and whether it has an alpha channel. */
function pngHeader(dataUrl: string) {
  const bytes = Uint8Array.from(atob(dataUrl.split(',')[1] ?? ''), (char) => char.charCodeAt(0));
  const view = new DataView(bytes.buffer);
  return { width: view.getUint32(16), height: view.getUint32(20), alpha: bytes[25] === 6, bytes };
}

describe.skipIf(!hasSharedPdfs).concurrent('importAnnotations on other tools’ files', () => {
  it('must import the pdf.js editor annotations of tracemonkey_with_editable_annotations.pdf', async () => {
    const { annotations, warnings } = await importWithWarnings(readSharedPdf('tracemonkey_with_editable_annotations.pdf'));
    expect(countTypes(annotations)).toEqual({ text: 1, image: 1, freehand: 1, highlight: 1 });
    expect(annotations.map((a) => a.page)).toEqual([13, 14, 14, 14]);

    expect(find(annotations, '1048b9e6-80d6-494c-9639-31485852e3b8')).toMatchObject({
      type: 'text',
      content: 'Hello World',
      fontSize: 10,
      color: '#000000',
      position: { x: 377.86, y: expect.closeTo(792 - 37.54, 3) },
      width: expect.closeTo(435.51 - 377.86, 3),
      createdAt: '2025-08-12T15:41:29.000Z',
    });
    const highlight = find(annotations, '000e57da-f5f1-4cac-a700-78b89999f739');
    expect(highlight).toMatchObject({
      type: 'highlight',
      color: '#FFFF99',
      position: { x: 373.75, y: expect.closeTo(792 - 527.83, 3) },
      width: expect.closeTo(405.41 - 373.75, 3),
      height: expect.closeTo(527.83 - 518.18, 3),
    });
    const ink = find(annotations, '17e18a8a-0ce0-42ad-8ca5-2fca02363829');
    expect(ink).toMatchObject({ type: 'freehand', color: '#000000', strokeWidth: 1, updatedAt: '2025-08-14T14:08:00.000Z' });
    expect(ink.type === 'freehand' && ink.points[0]).toEqual({ x: 100.04, y: expect.closeTo(792 - 364.74, 3) });

    // The photo stamp is a JPEG with a soft mask: it comes back as a PNG with transparency.
    const image = find(annotations, '59c5fe5b-b67b-42ff-96f2-c5f1b50eb0d5');
    expect(image).toMatchObject({ type: 'image', position: { x: 376.38, y: expect.closeTo(792 - 375.36, 3) } });
    const header = pngHeader(image.type === 'image' ? image.imageData : '');
    expect(header).toMatchObject({ width: 512, height: 543, alpha: true });

    // The drawn-signature stamp is vector paths, not an image: skipped, with the reason.
    expect(warnings).toEqual([expect.stringMatching(/Stamp annotation e5b4ec5c-7cbe-4145-86d0-58f296cd881b on page 13 .*vector drawing/)]);
  });

  it('must import the supported subtypes of issue14438.pdf and skip the rest without crashing', async () => {
    const { annotations, warnings } = await importWithWarnings(readSharedPdf('issue14438.pdf'));
    // MANIFEST: Ink 5, FreeText 2, Square 2, Highlight, Line, Circle, Text, Underline, StrikeOut 1
    // each; four of the Ink have neither /Rect nor /InkList, so one stroke is all there is to import.
    expect(countTypes(annotations)).toEqual({
      text: 2,
      rectangle: 2,
      highlight: 1,
      arrow: 1,
      ellipse: 1,
      comment: 1,
      underline: 1,
      strikethrough: 1,
      freehand: 1,
      polygon: 1,
      caret: 1,
    });
    // Its /Circle is 53.6 x 13.8 pt: an ellipse of that box, not a circle of the mean radius.
    expect(find(annotations, '{691447fb-e395-4827-9dca-1900ab2300ac}')).toMatchObject({
      type: 'ellipse',
      position: { x: expect.closeTo(51.325, 3), y: expect.closeTo(334.023, 3) },
      width: expect.closeTo(53.559, 3),
      height: expect.closeTo(13.846, 3),
    });
    expect(warnings.filter((w) => /Ink annotation .* no usable \/InkList/.test(w))).toHaveLength(4);
    // One of its two /Polygon annotations has only two vertices: no outline to import.
    expect(warnings.filter((w) => /Polygon annotation .* fewer than 3 usable \/Vertices/.test(w))).toHaveLength(1);
    expect(warnings).toHaveLength(5);

    expect(find(annotations, '{c5c91a9c-beea-4b3d-b18c-f4ad78acd6e9}')).toMatchObject({
      type: 'arrow',
      color: '#FF0000',
      position: { x: 101.517, y: expect.closeTo(792 - 454.711, 3) },
      endPoint: { x: 161.46, y: expect.closeTo(792 - 506.416, 3) },
    });
    expect(find(annotations, '{015437a9-12f9-4bb6-b032-20440d9d8527}')).toMatchObject({
      type: 'comment',
      content: '这是一个注解。',
      position: { x: 133.905, y: expect.closeTo(792 - 225.181, 3) },
    });
    // An area highlight drawn as a filled Square.
    expect(find(annotations, '{0171f053-5c11-455c-897b-744b6c918ee1}')).toMatchObject({
      type: 'rectangle',
      fillStyle: 'solid',
      fillColor: '#FFFF84',
    });
    expect(find(annotations, '{0cb62575-886c-492a-9e3a-68393a799d89}')).toMatchObject({ type: 'text', fontSize: 12 });
    const ink = annotations.find((a) => a.type === 'freehand');
    expect(ink).toMatchObject({ strokeWidth: 2, opacity: expect.closeTo(0.698, 3), color: '#FF0000' });
  });

  it('must not pick up annotations that no page lists (issue19360.pdf)', async () => {
    expect(await importWithWarnings(readSharedPdf('issue19360.pdf'))).toEqual({ annotations: [], warnings: [] });
  });

  for (const name of ['prefilled_f1040.pdf', 'issue12963.pdf', 'bug1997343.pdf', 'tracemonkey.pdf']) {
    it(`must find nothing to import in ${name} (widgets and links only, or no annotations)`, async () => {
      expect(await importWithWarnings(readSharedPdf(name))).toEqual({ annotations: [], warnings: [] });
    });
  }

  it('must give an empty list for a document without pages', async () => {
    expect(await importAnnotations(readSharedPdf('empty.pdf'))).toEqual([]);
  });

  it('must open a file encrypted with an empty user password without asking (empty_protected.pdf)', async () => {
    expect(await importWithWarnings(readSharedPdf('empty_protected.pdf'))).toEqual({ annotations: [], warnings: [] });
  });

  it('must ask for the password of libreoffice-writer-password.pdf and open it with the right one', async () => {
    const bytes = readSharedPdf('libreoffice-writer-password.pdf');
    await expect(importAnnotations(bytes)).rejects.toMatchObject({ name: 'PdfPasswordError', reason: 'missing' });
    await expect(importAnnotations(bytes, { password: 'nope' })).rejects.toBeInstanceOf(PdfPasswordError);
    expect(await importAnnotations(bytes, { password: 'openpassword' })).toEqual([]);
  });

  it('must repair a truncated file that readers open (bug1250079.pdf)', async () => {
    expect(await importWithWarnings(readSharedPdf('bug1250079.pdf'))).toEqual({ annotations: [], warnings: [] });
  });

  for (const name of ['bad.pdf', 'bug1020226.pdf']) {
    it(`must refuse the unreadable ${name} with PdfInvalidError`, async () => {
      await expect(importAnnotations(readSharedPdf(name))).rejects.toBeInstanceOf(PdfInvalidError);
    });
  }
});

describe.skipIf(!hasSharedPdfs)('importAnnotations on our own files', () => {
  it('must accept an ArrayBuffer', async () => {
    const exported = await exportPdf(readSharedPdf('sizes.pdf'), everyType(2), { mode: 'native' });
    const buffer = exported.buffer.slice(exported.byteOffset, exported.byteOffset + exported.byteLength) as ArrayBuffer;
    expect(await importAnnotations(buffer)).toEqual(everyType(2).map((a) => ({ ...a, createdAt: expect.any(String), updatedAt: expect.any(String) })));
  });

  it('must follow the standard keys once another tool has moved an annotation', async () => {
    const [arrow] = everyType(1).filter((a) => a.type === 'arrow');
    const exported = await exportPdf(readSharedPdf('tracemonkey.pdf'), [arrow!], { mode: 'native' });
    const { pdf } = await openPdf(exported);
    const [dict] = annotationDicts(pdf);
    // Move it 100 pt to the right, as an editor would: /L and /Rect change, our private copy does not.
    for (const key of ['L', 'Rect']) {
      const array = dict!.get(key) as PdfArray;
      for (const index of [0, 2]) array.set(index, PdfNumber.of((array.at(index) as PdfNumber).value + 100));
    }
    const [moved] = await importAnnotations(await pdf.save({ incremental: true }));
    expect(moved).toMatchObject({
      id: arrow!.id,
      type: 'arrow',
      position: { x: arrow!.position.x + 100, y: expect.closeTo(arrow!.position.y, 6) },
    });
  });
});
