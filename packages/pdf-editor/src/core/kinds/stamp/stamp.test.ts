// Stamps of every preset in both exports (qpdf; pdftoppm draws the frame in the preset's colour,
// pdftotext finds the word where the layout puts it), written as Acrobat's named /Stamp, back
// through our import exactly and from the standard keys alone; other tools' stamps from the corpus.
import { Standard14Font } from '../../pdf/engine';
import * as mupdf from 'mupdf';
import { degrees, PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportPdf } from '../../export/exportPdf';
import { stampLabelWidth, stampLayout } from '../../geometry/annotationGeometry';
import { importAnnotations } from '../../import/importAnnotations';
import { blankPdf, stripMarginaliaData } from '../../import/testing/fixtures';
import { normalizeAnnotation } from '../../model/defaults';
import type { StampAnnotation } from '../../model/types';
import { findColorNear, pdfWords, qpdfCheck, renderPagePixels } from '../../../test-support/pdfTools';
import { hasSharedPdfs, readSharedPdf } from '../../../test-support/sharedPdfs';
import { STAMP_PRESETS, stampFields, type StampPreset } from './index';

const PAGE = { width: 400, height: 500 };
const PRESETS = Object.keys(STAMP_PRESETS) as StampPreset[];
const PLACED = new Date(2026, 10, 24, 15, 30);



const rgb = (hex: string) => ({ r: parseInt(hex.slice(1, 3), 16), g: parseInt(hex.slice(3, 5), 16), b: parseInt(hex.slice(5, 7), 16) });

// One stamp of each preset, one under another, as the tool places them on 24 November 2026.
const stamps = PRESETS.map(
  (preset, index) => normalizeAnnotation({ type: 'stamp', page: 1, position: { x: 40, y: 30 + index * 70 }, ...stampFields(preset, PLACED) }) as StampAnnotation,
);

describe('the stamp presets in the exports', () => {
  const exported: Record<'flatten' | 'native', Uint8Array> = { flatten: new Uint8Array(), native: new Uint8Array() };

  beforeAll(async () => {
    for (const mode of ['flatten', 'native'] as const) exported[mode] = await exportPdf(await blankPdf(PAGE.width, PAGE.height), stamps, { mode });
  });

  it('must date the signed stamp with the day it was placed, in capitals', () => {
    expect(stamps.map((stamp) => stamp.label ?? STAMP_PRESETS[stamp.preset as StampPreset].label)).toEqual([
      'APPROVED', 'REJECTED', 'DRAFT', 'CONFIDENTIAL', 'FINAL', 'SIGNED 2026-11-24',
    ]);
  });

  it.each(['flatten', 'native'] as const)('must write a file qpdf finds no fault in, each frame in its preset\u2019s colour (%s)', async (mode) => {
    expect((await qpdfCheck(exported[mode])).exitCode).toBe(0);
    const page = await renderPagePixels(exported[mode], 1, 72);
    for (const stamp of stamps) {
      const colour = rgb(STAMP_PRESETS[stamp.preset as StampPreset].color);
      // The middle of the frame's left and right sides.
      const middle = stamp.position.y + stamp.height / 2;
      expect(findColorNear(page, stamp.position.x + 1, middle, colour), `${stamp.preset} left`).toBe(true);
      expect(findColorNear(page, stamp.position.x + stamp.width - 2, middle, colour), `${stamp.preset} right`).toBe(true);
    }
  });

  it('must set each word in the flattened page where the layout puts it, within 1 pt', async () => {
    const words = await pdfWords(exported.flatten, 1);
    for (const stamp of stamps) {
      const label = stamp.label ?? STAMP_PRESETS[stamp.preset as StampPreset].label;
      const layout = stampLayout({ ...stamp.position, width: stamp.width, height: stamp.height }, label);
      const first = label.split(' ')[0];
      const word = words.find((candidate) => candidate.text === first && Math.abs(candidate.yMax - stamp.position.y - stamp.height / 2) < stamp.height / 2);
      expect(word, label).toBeDefined();
      expect(Math.abs((word?.xMin ?? NaN) - layout.x), `${label} starts`).toBeLessThan(1);
      if (first === label) expect(Math.abs((word?.xMax ?? NaN) - layout.x - layout.labelWidth), `${label} ends`).toBeLessThan(1);
    }
  });

  it('must write each as a /Stamp with Acrobat\u2019s name for its preset, the word as its text', () => {
    const doc = mupdf.Document.openDocument(exported.native, 'application/pdf').asPDF();
    const page = doc?.loadPage(0);
    const annotations = page instanceof mupdf.PDFPage ? page.getAnnotations() : [];
    expect(annotations.map((annotation) => annotation.getType())).toEqual(PRESETS.map(() => 'Stamp'));
    expect(annotations.map((annotation) => annotation.getObject().get('Name').asName())).toEqual([
      'Approved', 'NotApproved', 'Draft', 'Confidential', 'Final', 'SignedAndDated',
    ]);
    expect(annotations[5]?.getContents()).toBe('SIGNED 2026-11-24');
  });

  it('must come back exactly from our own native export', async () => {
    expect(await importAnnotations(exported.native)).toEqual(stamps);
  });

  it('must come back from the standard keys once our private copy is gone, each preset with its word', async () => {
    const imported = await importAnnotations(await stripMarginaliaData(exported.native));
    expect(imported).toEqual(stamps.map((stamp) => ({ ...stamp, createdAt: expect.any(String), updatedAt: expect.any(String) })));
  });

  it('must write a custom stamp\u2019s words as its name and read them back', async () => {
    const custom = normalizeAnnotation({ type: 'stamp', page: 1, position: { x: 40, y: 40 }, width: 200, height: 40, preset: 'custom', label: 'TOP SECRET', color: '#800080' });
    const [imported] = await importAnnotations(await stripMarginaliaData(await exportPdf(await blankPdf(PAGE.width, PAGE.height), [custom], { mode: 'native' })));
    expect(imported).toMatchObject({ type: 'stamp', preset: 'custom', label: 'TOP SECRET', color: '#800080', position: custom.position, width: 200, height: 40 });
  });
});

describe('a stamp on a turned page', () => {
  it('must stay upright where the user put it, in both exports and back from the standard keys', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([PAGE.width, PAGE.height]).setRotation(degrees(90));
    // Displayed 500 wide and 400 high.
    const stamp = normalizeAnnotation({ type: 'stamp', page: 1, position: { x: 300, y: 60 }, ...stampFields('draft', PLACED) }) as StampAnnotation;
    const blue = rgb(STAMP_PRESETS.draft.color);
    for (const mode of ['flatten', 'native'] as const) {
      const bytes = await exportPdf(await doc.save(), [stamp], { mode });
      const page = await renderPagePixels(bytes, 1, 72);
      expect(page.width, mode).toBe(500);
      const middle = stamp.position.y + stamp.height / 2;
      expect(findColorNear(page, stamp.position.x + 1, middle, blue), ` left`).toBe(true);
      expect(findColorNear(page, stamp.position.x + stamp.width - 2, middle, blue), ` right`).toBe(true);
      if (mode === 'flatten') expect((await pdfWords(bytes, 1)).map((word) => word.text)).toEqual(['DRAFT']);
      else expect(await importAnnotations(await stripMarginaliaData(bytes))).toEqual([{ ...stamp, createdAt: expect.any(String), updatedAt: expect.any(String) }]);
    }
  });
});

describe('the stamp label\u2019s measure', () => {
  it('must be Helvetica-Bold\u2019s own widths for every printable ASCII character, so the screen sizes it as the export does', () => {
    const font = Standard14Font.of('Helvetica-Bold');
    for (let code = 32; code < 127; code++) {
      const char = String.fromCharCode(code);
      expect(stampLabelWidth(char) * 1000, char).toBe(font.widthOfTextAtSize(char, 1000));
    }
  });
});

describe.skipIf(!hasSharedPdfs)('other tools\u2019 /Stamp annotations', () => {
  it('must read Acrobat\u2019s business Approved stamp as the approved preset over its /Rect (issue7821.pdf)', async () => {
    const annotations = await importAnnotations(readSharedPdf('pdfjs-corpus/issue7821.pdf'));
    const stamp = annotations.find((annotation) => annotation.type === 'stamp');
    // /Name /SBApproved, /Rect [447.998 2.73724 611.498 52.2377] on a page whose visible area starts at x 445.97.
    expect(stamp).toMatchObject({ preset: 'approved', position: { x: expect.closeTo(2.03, 2) }, width: expect.closeTo(163.5, 2), height: expect.closeTo(49.5, 2) });
  });

  it('must read stamps.pdf: the named business stamp as a preset, the image stamps as images, worded names as custom stamps', async () => {
    const warnings: string[] = [];
    const annotations = await importAnnotations(readSharedPdf('pdfjs-corpus/stamps.pdf'), { onWarning: (message) => warnings.push(message) });
    const summary = annotations.map((annotation) => (annotation.type === 'stamp' ? `${annotation.preset}:${annotation.label ?? ''}` : annotation.type));
    expect({ summary, warnings }).toMatchInlineSnapshot(`
      {
        "summary": [
          "approved:",
          "image",
          "custom:ACCEPTED",
          "custom:COMPLETED",
          "image",
        ],
        "warnings": [],
      }
    `);
  });

  it('must skip a stamp whose name is an id and whose appearance holds no image it can read, saying why (red_stamp.pdf)', async () => {
    const warnings: string[] = [];
    const annotations = await importAnnotations(readSharedPdf('pdfjs-corpus/red_stamp.pdf'), { onWarning: (message) => warnings.push(message) });
    expect(annotations).toEqual([]);
    expect(warnings).toMatchInlineSnapshot(`
      [
        "The Stamp annotation fd7e1d76-f4fc-405a-b67f-04fcc9274c38 on page 1 was not imported: unsupported image encoding JPXDecode.",
      ]
    `);
  });

  it.each(['pdfjs-corpus/firefox_stamp.pdf', 'tracemonkey_with_editable_annotations.pdf'])('must keep reading the image stamps of %s as images', async (name) => {
    const annotations = await importAnnotations(readSharedPdf(name));
    expect(annotations.filter((annotation) => annotation.type === 'stamp')).toEqual([]);
    expect(annotations.some((annotation) => annotation.type === 'image')).toBe(true);
  });
});
