// Import reads what the file says now: our native export is edited by other tools (MuPDF.js and
// PDFium, run inside the test) and import must return their values, not our private copy's, while
// annotations they did not touch still come back exactly. Also the cases other writers produce:
// FreeText whose appearance draws another colour than /DA says, rich-text-only contents, and notes
// with a zero-size /Rect.
import { PdfArray, PdfString, type PDF, type PdfDict } from '../pdf/engine';
import * as mupdf from 'mupdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportPdf } from '../export/exportPdf';
import { STAMP_PRESETS } from '../kinds/stamp';
import type { Annotation } from '../model/types';
import { pdfDict, pdfStream } from '../pdf/objects';
import { openPdf } from '../pdf/openPdf';
import { pdfiumSave } from '../../test-support/pdfium';
import { hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';
import { importAnnotations } from './importAnnotations';
import { blankPdf, everyType } from './testing/fixtures';

/** A box within 0.001 pt of x, y, width and height, as `toMatchObject` takes it. */
const nearBox = (x: number, y: number, width: number, height: number) => ({
  position: { x: expect.closeTo(x, 3), y: expect.closeTo(y, 3) },
  width: expect.closeTo(width, 3),
  height: expect.closeTo(height, 3),
});

const drawn = everyType(1);
const byId = (annotations: readonly Annotation[]) => new Map(annotations.map((annotation) => [annotation.id, annotation]));

/** tracemonkey.pdf page 1 (612 x 792, no rotation): MuPDF's page space is our display space. */
async function ourExport(): Promise<Uint8Array> {
  return exportPdf(readSharedPdf('tracemonkey.pdf'), drawn, { mode: 'native' });
}

describe.skipIf(!hasSharedPdfs)('importAnnotations after MuPDF.js edited our export', () => {
  let imported: Map<string, Annotation>;
  const inkPoints: [number, number][] = [
    [40, 300],
    [80, 340],
    [120, 310],
  ];
  const polygonPoints: [number, number][] = [
    [100, 600],
    [160, 560],
    [220, 600],
  ];
  const polylinePoints: [number, number][] = [
    [300, 600],
    [340, 560],
    [380, 600],
    [420, 560],
  ];
  const rounded = (points: readonly { x: number; y: number }[]) => points.map(({ x, y }) => [Number(x.toFixed(3)), Number(y.toFixed(3))]);

  beforeAll(async () => {
    const doc = mupdf.Document.openDocument(await ourExport(), 'application/pdf').asPDF();
    if (!doc) throw new Error('MuPDF did not open our export as a PDF');
    const page = doc.loadPage(0);
    if (!(page instanceof mupdf.PDFPage)) throw new Error('MuPDF did not give a PDF page');
    const annotation = (id: string) => {
      const found = page.getAnnotations().find((candidate) => candidate.getName() === id);
      if (!found) throw new Error(`MuPDF does not see ${id}`);
      return found;
    };
    annotation('p1-rect').setColor([0, 0, 1]);
    annotation('p1-rect').setInteriorColor([1, 1, 0]);
    annotation('p1-circle').setOpacity(0.3);
    annotation('p1-circle').setBorderWidth(7);
    annotation('p1-arrow').setLineEndingStyles('OpenArrow', 'None');
    annotation('p1-ink').setInkList([inkPoints]);
    annotation('p1-hl').setColor([0, 1, 0]);
    annotation('p1-under').setQuadPoints([[300, 400, 380, 400, 300, 420, 380, 420]]);
    annotation('p1-note').setContents('Changed in MuPDF');
    annotation('p1-text').setContents('Rewritten in MuPDF');
    annotation('p1-text').setDefaultAppearance('Helv', 14, [1, 0, 0]);
    page.deleteAnnotation(annotation('p1-strike'));
    // MuPDF's rect of a /Circle is the box inside its /RD, as ours.
    annotation('p1-ellipse').setRect([40, 400, 200, 460]);
    annotation('p1-squiggly').setQuadPoints([[300, 500, 380, 500, 300, 520, 380, 520]]);
    annotation('p1-polygon').setVertices(polygonPoints);
    annotation('p1-polygon').setInteriorColor([0, 0, 1]);
    annotation('p1-polyline').setVertices(polylinePoints);
    annotation('p1-caret').setContents('Inserted in MuPDF');
    annotation('p1-stamp').setIcon('Confidential');
    for (const edited of page.getAnnotations()) edited.update();
    imported = byId(await importAnnotations(doc.saveToBuffer('incremental').asUint8Array()));
  });

  it('must read colour and interior colour MuPDF set on a Square', () => {
    expect(imported.get('p1-rect')).toMatchObject({ type: 'rectangle', color: '#0000FF', fillStyle: 'solid', fillColor: '#FFFF00' });
  });

  it('must read opacity and border width MuPDF set on a Circle', () => {
    expect(imported.get('p1-circle')).toMatchObject({ type: 'circle', opacity: expect.closeTo(0.3, 3), strokeWidth: 7 });
  });

  it('must turn the arrow round when MuPDF moved its head to the start', () => {
    const original = drawn.find((a) => a.id === 'p1-arrow');
    expect(original?.type).toBe('arrow');
    if (original?.type !== 'arrow') return;
    const arrow = imported.get('p1-arrow');
    expect(arrow).toMatchObject({ type: 'arrow' });
    if (arrow?.type !== 'arrow') return;
    expect(arrow.position.x).toBeCloseTo(original.endPoint.x, 3);
    expect(arrow.position.y).toBeCloseTo(original.endPoint.y, 3);
    expect(arrow.endPoint.x).toBeCloseTo(original.position.x, 3);
    expect(arrow.endPoint.y).toBeCloseTo(original.position.y, 3);
  });

  it('must read the ink points MuPDF wrote', () => {
    const ink = imported.get('p1-ink');
    expect(ink?.type).toBe('freehand');
    if (ink?.type !== 'freehand') return;
    expect(rounded(ink.points)).toEqual(inkPoints);
  });

  it('must read the box MuPDF gave an ellipse and the line it moved a squiggly to', () => {
    expect(imported.get('p1-ellipse')).toMatchObject({ type: 'ellipse', ...nearBox(40, 400, 160, 60) });
    expect(imported.get('p1-squiggly')).toMatchObject({ type: 'squiggly', ...nearBox(300, 500, 80, 20) });
  });

  it('must read the vertices MuPDF set on a polygon and a polyline, and the polygon\'s new fill', () => {
    const polygon = imported.get('p1-polygon');
    const polyline = imported.get('p1-polyline');
    if (polygon?.type !== 'polygon' || polyline?.type !== 'polyline') throw new Error(`not a polygon and a polyline: ${polygon?.type}, ${polyline?.type}`);
    expect(rounded(polygon.points)).toEqual(polygonPoints);
    expect(polygon).toMatchObject({ fillStyle: 'solid', fillColor: '#0000FF', position: { x: 100, y: 560 } });
    expect(rounded(polyline.points)).toEqual(polylinePoints);
    expect(polyline.position).toEqual({ x: 300, y: 560 });
  });

  it('must read the text MuPDF gave a caret, and the word of the stamp it changed in the colour MuPDF draws it', () => {
    const drawnCaret = drawn.find((a) => a.id === 'p1-caret');
    const caret = imported.get('p1-caret');
    if (drawnCaret?.type !== 'caret' || caret?.type !== 'caret') throw new Error('no caret');
    expect(caret.content).toBe('Inserted in MuPDF');
    // MuPDF redraws a caret at its own size, centred where ours was.
    expect(caret.position.x + caret.width / 2).toBeCloseTo(drawnCaret.position.x + drawnCaret.width / 2, 1);
    expect(caret.position.y + caret.height / 2).toBeCloseTo(drawnCaret.position.y + drawnCaret.height / 2, 1);
    // MuPDF draws its CONFIDENTIAL in /C, still our APPROVED's green: a custom stamp holds that.
    expect(imported.get('p1-stamp')).toMatchObject({ type: 'stamp', preset: 'custom', label: 'CONFIDENTIAL', color: STAMP_PRESETS.approved.color, position: { x: 30 } });
  });

  it('must read the highlight colour and the underlined line MuPDF moved', () => {
    expect(imported.get('p1-hl')).toMatchObject({ type: 'highlight', color: '#00FF00' });
    expect(imported.get('p1-under')).toMatchObject({ type: 'underline', ...nearBox(300, 400, 80, 20) });
  });

  it('must read the text of the note and of the FreeText, and the colour MuPDF draws the text in', () => {
    expect(imported.get('p1-note')).toMatchObject({ type: 'comment', content: 'Changed in MuPDF' });
    expect(imported.get('p1-text')).toMatchObject({ type: 'text', content: 'Rewritten in MuPDF', color: '#FF0000', fontSize: 14 });
  });

  it('must leave out the annotation MuPDF deleted', () => {
    expect(imported.has('p1-strike')).toBe(false);
  });

  it('must give back the annotations MuPDF did not touch exactly, from our private copy', () => {
    for (const id of ['p1-text-unicode', 'p1-image', 'p1-sig', 'p1-white']) {
      expect(imported.get(id), id).toEqual(drawn.find((a) => a.id === id));
    }
  });
});

describe.skipIf(!hasSharedPdfs)('importAnnotations after PDFium edited our export', () => {
  it('must read the colour, opacity and contents PDFium set, and leave out what it removed', async () => {
    const edited = await pdfiumSave(await ourExport(), (page) => {
      page.setColor('p1-rect', [0, 0, 255], 128);
      page.setColor('p1-hl', [255, 0, 255], 255);
      page.setContents('p1-note', 'Changed in PDFium');
      page.remove('p1-white');
      page.setColor('p1-squiggly', [255, 0, 0], 255);
      page.setColor('p1-polyline', [0, 128, 0], 255);
      page.setContents('p1-caret', 'Inserted in PDFium');
      page.remove('p1-stamp');
    });
    const imported = byId(await importAnnotations(edited));
    expect(imported.get('p1-rect')).toMatchObject({ type: 'rectangle', color: '#0000FF', opacity: expect.closeTo(128 / 255, 2) });
    expect(imported.get('p1-hl')).toMatchObject({ type: 'highlight', color: '#FF00FF' });
    expect(imported.get('p1-note')).toMatchObject({ type: 'comment', content: 'Changed in PDFium' });
    expect(imported.has('p1-white')).toBe(false);
    expect(imported.get('p1-circle')).toEqual(drawn.find((a) => a.id === 'p1-circle'));
    expect(imported.get('p1-sig')).toEqual(drawn.find((a) => a.id === 'p1-sig'));
    expect(imported.get('p1-squiggly')).toMatchObject({ type: 'squiggly', color: '#FF0000' });
    expect(imported.get('p1-polyline')).toMatchObject({ type: 'polyline', color: '#008000' });
    expect(imported.get('p1-caret')).toMatchObject({ type: 'caret', content: 'Inserted in PDFium' });
    expect(imported.has('p1-stamp')).toBe(false);
    for (const id of ['p1-ellipse', 'p1-polygon']) expect(imported.get(id), id).toEqual(drawn.find((a) => a.id === id));
  });
});

describe.skipIf(!hasSharedPdfs)('importAnnotations of what other writers produce', () => {
  /** tracemonkey.pdf with the dictionaries `make` returns as page 1's /Annots, saved incrementally. */
  async function withAnnotations(make: (pdf: PDF) => PdfDict[]): Promise<Uint8Array> {
    const { pdf } = await openPdf(readSharedPdf('tracemonkey.pdf'));
    const page = pdf.getPage(0);
    if (!page) throw new Error('no page 1');
    page.dict.set('Annots', new PdfArray(make(pdf).map((dict) => pdf.register(dict))));
    return pdf.save({ incremental: true });
  }

  it('must take the FreeText colour the appearance draws when /DA says another', async () => {
    const bytes = await withAnnotations((pdf) => [
      pdfDict({
        Type: 'Annot',
        Subtype: 'FreeText',
        Rect: [100, 600, 300, 630],
        NM: PdfString.fromString('drawn-red'),
        Contents: PdfString.fromString('Red text'),
        DA: PdfString.fromString('/Helv 12 Tf 0 g'),
        AP: {
          N: pdf.register(
            pdfStream(
              { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 200, 30], Resources: {} },
              new TextEncoder().encode('q 1 1 1 rg 0 0 200 30 re f Q BT /Helv 12 Tf 0.8 0 0 rg 2 10 Td (Red text) Tj ET'),
            ),
          ),
        },
      }),
    ]);
    expect(await importAnnotations(bytes)).toMatchObject([{ id: 'drawn-red', type: 'text', color: '#CC0000', content: 'Red text' }]);
  });

  it('must read rich-text-only contents (/RC) as plain text', async () => {
    const richText =
      '<?xml version="1.0"?><body xmlns="http://www.w3.org/1999/xhtml"><p>First &amp; <b>bold</b></p><p>Second&#x20AC;</p></body>';
    const bytes = await withAnnotations(() => [
      pdfDict({
        Type: 'Annot',
        Subtype: 'FreeText',
        Rect: [100, 600, 300, 630],
        NM: PdfString.fromString('rich'),
        DA: PdfString.fromString('/Helv 12 Tf 0 0 1 rg'),
        Contents: PdfString.fromString(''),
        RC: PdfString.fromString(richText),
      }),
      pdfDict({ Type: 'Annot', Subtype: 'Text', Rect: [50, 50, 70, 70], NM: PdfString.fromString('rich-note'), RC: PdfString.fromString(richText) }),
    ]);
    expect(await importAnnotations(bytes)).toMatchObject([
      { id: 'rich', type: 'text', content: 'First & bold\nSecond€', color: '#0000FF' },
      { id: 'rich-note', type: 'comment', content: 'First & bold\nSecond€' },
    ]);
  });

  it('must import a note with a zero-size /Rect at its point', async () => {
    const bytes = await withAnnotations(() => [
      pdfDict({ Type: 'Annot', Subtype: 'Text', Rect: [120, 500, 120, 500], NM: PdfString.fromString('point'), Contents: PdfString.fromString('Here') }),
    ]);
    expect(await importAnnotations(bytes)).toMatchObject([{ id: 'point', type: 'comment', content: 'Here', position: { x: 120, y: 292 } }]);
  });
});

describe('/RD another tool wrote: the box inside /Rect, in the order readers use', () => {
  /** A FreeText or Square MuPDF.js made on a 400 x 300 page, with the /Rect and /RD given (PDF space). */
  async function mupdfAnnotation(subtype: 'FreeText' | 'Square', rd: number[]): Promise<Annotation | undefined> {
    const doc = mupdf.Document.openDocument(await blankPdf(400, 300), 'application/pdf').asPDF();
    const page = doc?.loadPage(0);
    if (!doc || !(page instanceof mupdf.PDFPage)) throw new Error('MuPDF did not open the blank PDF');
    const annotation = page.createAnnotation(subtype);
    annotation.setContents('margins');
    annotation.update();
    // MuPDF.js has no setter for /RD, and update() rewrites /Rect: both go on the dictionary after it.
    annotation.getObject().put('Rect', [100, 100, 200, 200]);
    annotation.getObject().put('RD', rd);
    const [imported] = await importAnnotations(doc.saveToBuffer('').asUint8Array());
    return imported;
  }

  // /RD [2 10 4 30]: 2 in from the left, 10 from the bottom, 4 from the right, 30 from the top (as
  // MuPDF draws it), so the box spans x 102-196 and y 110-170 in PDF space: its top is 130 down the
  // 300 pt page.
  it.each(['FreeText', 'Square'] as const)('must place a %s at the box inside its /RD, the larger margin above', async (subtype) => {
    const imported = await mupdfAnnotation(subtype, [2, 10, 4, 30]);
    expect(imported).toMatchObject({ type: subtype === 'Square' ? 'rectangle' : 'text', position: { x: 102, y: 130 }, width: 94 });
    if (imported?.type === 'rectangle') expect(imported.height).toBe(60);
  });

  it('must take /Rect whole when /RD is negative or larger than it', async () => {
    expect(await mupdfAnnotation('FreeText', [2, -10, 4, 30])).toMatchObject({ position: { x: 100, y: 100 }, width: 100 });
    expect(await mupdfAnnotation('FreeText', [60, 10, 60, 30])).toMatchObject({ position: { x: 100, y: 100 }, width: 100 });
  });
});

describe('importAnnotations of what another tool set that a kind draws or cannot hold', () => {
  const shapes = everyType(1);
  const original = (id: string) => {
    const found = shapes.find((annotation) => annotation.id === id);
    if (!found) throw new Error(`no ${id} in the fixture`);
    return found;
  };

  async function importWithWarnings(bytes: Uint8Array) {
    const warnings: string[] = [];
    const annotations = byId(await importAnnotations(bytes, { onWarning: (message) => warnings.push(message) }));
    return { annotations, warnings };
  }

  describe('by MuPDF.js', () => {
    let result: Awaited<ReturnType<typeof importWithWarnings>>;

    beforeAll(async () => {
      const doc = mupdf.Document.openDocument(await exportPdf(await blankPdf(612, 792), shapes, { mode: 'native' }), 'application/pdf').asPDF();
      const page = doc?.loadPage(0);
      if (!doc || !(page instanceof mupdf.PDFPage)) throw new Error('MuPDF did not open our export');
      const annotation = (id: string) => {
        const found = page.getAnnotations().find((candidate) => candidate.getName() === id);
        if (!found) throw new Error(`MuPDF does not see ${id}`);
        return found;
      };
      annotation('p1-stamp').setColor([0, 0, 1]);
      annotation('p1-circle').setInteriorColor([1, 1, 0]);
      annotation('p1-ellipse').setInteriorColor([0, 1, 1]);
      annotation('p1-arrow').setLineEndingStyles('Circle', 'ClosedArrow');
      annotation('p1-arrow').setInteriorColor([1, 0, 0]);
      // MuPDF.js's setColor of a FreeText is its text colour (/DA); /C, the background, is set on the dictionary.
      annotation('p1-text').getObject().put('C', [1, 1, 0.5]);
      const line = page.createAnnotation('Line');
      // MuPDF.js's page space is ours: y down from the top of the page.
      line.setLine([400, 500], [500, 550]);
      line.setName('plain-line');
      for (const edited of page.getAnnotations()) edited.update();
      result = await importWithWarnings(doc.saveToBuffer('incremental').asUint8Array());
    });

    it('must read the colour MuPDF gave a preset stamp: its word in that colour', () => {
      expect(result.annotations.get('p1-stamp')).toMatchObject({ type: 'stamp', preset: 'custom', label: 'APPROVED', color: '#0000FF' });
    });

    it('must hold the line ends and their fill MuPDF gave an arrow: a two-point polyline with those endings', () => {
      const arrow = original('p1-arrow');
      if (arrow.type !== 'arrow') throw new Error('not an arrow');
      const line = result.annotations.get('p1-arrow');
      expect(line).toMatchObject({ type: 'polyline', lineEndings: { start: 'Circle', end: 'ClosedArrow' }, fillColor: '#FF0000', color: arrow.color });
      if (line?.type !== 'polyline') return;
      expect(line.points.map(({ x, y }) => [x, y])).toEqual([
        [expect.closeTo(arrow.position.x, 3), expect.closeTo(arrow.position.y, 3)],
        [expect.closeTo(arrow.endPoint.x, 3), expect.closeTo(arrow.endPoint.y, 3)],
      ]);
    });

    it('must read a line with no arrowhead as a line, not an arrow', () => {
      expect(result.annotations.get('plain-line')).toMatchObject({ type: 'polyline', points: [{ x: 400, y: 500 }, { x: 500, y: 550 }] });
      const plain = result.annotations.get('plain-line');
      expect(plain?.type === 'polyline' && [plain.lineEndings?.start ?? 'None', plain.lineEndings?.end ?? 'None']).toEqual(['None', 'None']);
    });

    it('must warn, naming the colour, of the fill of a circle and an ellipse and the background of a text box, which the model cannot hold', () => {
      expect(result.warnings).toEqual([
        'The Circle annotation p1-circle on page 1 is filled with #FFFF00 (/IC), which an imported circle cannot show; imported without its fill.',
        'The FreeText annotation p1-text on page 1 has a background colour #FFFF80 (/C), which an imported text box cannot show; imported without it.',
        'The Circle annotation p1-ellipse on page 1 is filled with #00FFFF (/IC), which an imported ellipse cannot show; imported without its fill.',
      ]);
      expect(result.annotations.get('p1-circle')).toMatchObject({ type: 'circle', color: original('p1-circle').color });
      expect(result.annotations.get('p1-ellipse')).toMatchObject({ type: 'ellipse', color: original('p1-ellipse').color });
      expect(result.annotations.get('p1-text')).toMatchObject({ type: 'text', content: (original('p1-text') as { content: string }).content });
    });
  });

  describe('by PDFium', () => {
    let result: Awaited<ReturnType<typeof importWithWarnings>>;

    beforeAll(async () => {
      const edited = await pdfiumSave(await exportPdf(await blankPdf(612, 792), shapes, { mode: 'native' }), (page) => {
        page.setColor('p1-stamp', [255, 0, 0], 255);
        page.setInteriorColor('p1-circle', [0, 0, 255]);
        page.setColor('p1-text-unicode', [0, 255, 0], 255);
      });
      result = await importWithWarnings(edited);
    });

    it('must read the colour PDFium gave a preset stamp: its word in that colour', () => {
      expect(result.annotations.get('p1-stamp')).toMatchObject({ type: 'stamp', preset: 'custom', label: 'APPROVED', color: '#FF0000' });
    });

    it('must warn of the fill PDFium gave a circle and the background it gave a text box', () => {
      expect(result.warnings).toEqual([
        'The Circle annotation p1-circle on page 1 is filled with #0000FF (/IC), which an imported circle cannot show; imported without its fill.',
        'The FreeText annotation p1-text-unicode on page 1 has a background colour #00FF00 (/C), which an imported text box cannot show; imported without it.',
      ]);
      // Untouched annotations still come back exactly.
      for (const id of ['p1-rect', 'p1-sig', 'p1-polyline', 'p1-text']) expect(result.annotations.get(id), id).toEqual(original(id));
    });
  });
});
