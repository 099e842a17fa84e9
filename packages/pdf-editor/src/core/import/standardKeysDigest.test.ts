// The digest that decides whether import may trust our private copy: it must not move when a file
// is merely re-saved (numbers re-formatted, text re-encoded, keys it does not cover changed) and
// must move when any standard key another tool edits changes.
import { PDF, PdfName, PdfString, type PdfDict } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { pdfDict, pdfValue } from '../pdf/objects';
import { standardKeysDigest, standardKeysDigestOfValues, type DigestVersion } from './standardKeysDigest';

function square(): PdfDict {
  return pdfDict({
    Type: 'Annot',
    Subtype: 'Square',
    Rect: [100.123456789, 200, 300.5, 400],
    C: [1, 0, 0],
    IC: [0, 1, 0],
    CA: 0.5,
    BS: { Type: 'Border', W: 2, S: 'S' },
    Contents: PdfString.fromString('Café'),
    NM: PdfString.fromString('id-1'),
  });
}

/** The digests files already carry: a change of algorithm would make import distrust them. */
const PINNED: Record<DigestVersion, { ink: string; ascii: string }> = {
  1: { ink: '12x0tvxzhh5', ascii: '1dpxcddyt31' },
  2: { ink: 'ks5ish8mk', ascii: 'npgs52e1y4' },
};

describe.each([1, 2] as const)('standardKeysDigest, version %i', (version) => {
  const pdf = PDF.create();
  const digest = (dict: PdfDict) => standardKeysDigest(pdf, dict, version);

  it('must stay the same when a file is re-saved: numbers at five decimals, text re-encoded, references', () => {
    const original = digest(square());
    const resaved = square();
    resaved.set('Rect', pdfValue([100.12346, 200.0, 300.5, 400]));
    // UTF-16 instead of PDFDocEncoding: the same text.
    resaved.set('Contents', PdfString.fromHex('FEFF00430061006600E9'));
    resaved.set('C', pdf.register(pdfValue([1, 0, 0])));
    // Keys the digest does not cover: appearance, page, flags, dates, border style name.
    resaved.set('F', pdfValue(4));
    resaved.set('M', PdfString.fromString('D:20260101000000Z'));
    resaved.set('BS', pdfValue({ W: 2, S: 'D' }));
    expect(digest(resaved)).toBe(original);
  });

  for (const [key, value] of [
    ['Rect', pdfValue([100.2, 200, 300.5, 400])],
    ['C', pdfValue([0, 0, 1])],
    ['IC', pdfValue([1, 1, 0])],
    ['CA', pdfValue(0.3)],
    ['BS', pdfValue({ W: 5 })],
    ['Contents', PdfString.fromString('Changed')],
    ['LE', pdfValue(['OpenArrow', 'None'])],
    ['Subtype', PdfName.of('Circle')],
  ] as const) {
    it(`must change when another tool changes /${key}`, () => {
      const edited = square();
      edited.set(key, value);
      expect(digest(edited)).not.toBe(digest(square()));
    });
  }

  it('must change when another tool removes a key', () => {
    const edited = square();
    edited.delete('IC');
    expect(digest(edited)).not.toBe(digest(square()));
  });

  it('must give the same digest for an annotation given as plain values (as export writes it) as for the engine dictionary', () => {
    const values = {
      Type: 'Annot',
      Subtype: 'Ink',
      Rect: [100.123456789, 200, 300.5, 400],
      NM: PdfString.fromString('id-1'),
      Contents: PdfString.fromString('Café (draft) \\ ✓ "quoted"'),
      C: [0.2, 0.4, 0.6],
      CA: 0.5,
      BS: { Type: 'Border', W: 2.25, S: 'S' },
      InkList: [[1.000004, 2.5, -3.333333, 4, -0.000001, 1e12 + 0.25], [5, 6]],
      LE: ['None', 'OpenArrow'],
      Q: 1,
      IC: [],
      DA: PdfString.fromString('/Helv 12 Tf 0 0 0 rg'),
      Open: false,
      L: [Number.NaN, 1],
    } as const;
    expect(standardKeysDigestOfValues(values, version)).toBe(PINNED[version].ink);
    expect(digest(pdfDict(values))).toBe(PINNED[version].ink);
    const ascii = { Subtype: 'Text', NM: PdfString.fromString('a "quoted" \\ id'), Contents: PdfString.fromString('plain (ASCII) text'), Rect: [1, 2, 3, 4] };
    expect(standardKeysDigestOfValues(ascii, version)).toBe(PINNED[version].ascii);
  });
});
