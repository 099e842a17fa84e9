// The digest that decides whether import may trust our private copy: it must not move when a file
// is merely re-saved (numbers re-formatted, text re-encoded, keys it does not cover changed) and
// must move when any standard key another tool edits changes. Version 3 also stays the same
// through what a re-save by MuPDF or PDFium does to numbers (float32, their own printing) and to
// the way a value is spelled (names for strings, defaults written out, /Rect corners swapped).
import { PDF, PdfName, PdfString, type PdfDict } from '../pdf/engine';
import { describe, expect, it } from 'vitest';
import { pdfDict, pdfValue, type PdfValue } from '../pdf/objects';
import { snapStandardKeys, standardKeysDigest, standardKeysDigestOfValues, type DigestVersion } from './standardKeysDigest';

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
  3: { ink: '7ph9o21ri3', ascii: '1rbjc91z38o' },
};

describe.each([1, 2, 3] as const)('standardKeysDigest, version %i', (version) => {
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

describe('standardKeysDigest, version 3: what the keys mean', () => {
  const pdf = PDF.create();
  const digest = (dict: PdfDict) => standardKeysDigest(pdf, dict, 3);

  /** A dictionary as export writes it: numbers with many decimals, then put on the grid. */
  function exported(values: Record<string, PdfValue>): Record<string, PdfValue> {
    const dict = { ...values };
    snapStandardKeys(dict);
    return dict;
  }

  /** `dict` with every number rewritten by `print`, as another tool's re-save would. */
  function reprinted(dict: Record<string, PdfValue>, print: (value: number) => number): PdfDict {
    const rewrite = (value: PdfValue): PdfValue =>
      typeof value === 'number' ? print(value) : Array.isArray(value) ? value.map((item: PdfValue) => rewrite(item)) : value;
    const copy: Record<string, PdfValue> = {};
    for (const [key, value] of Object.entries(dict)) copy[key] = key === 'BS' ? { W: print((value as { W: number }).W) } : rewrite(value);
    return pdfDict(copy);
  }

  // A seeded generator: the same numbers on every run.
  let seed = 42;
  const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  // Over the largest page PDF allows (14,400 pt), and crowded round 4096, where the grid widens.
  const coordinates = Array.from({ length: 4000 }, (_, index) => (index % 4 ? (random() - 0.5) * 2 * 14400 : 4096 + (random() - 0.5) * 0.05));
  const ink = exported({
    Subtype: 'Ink',
    Rect: [12.3456789, 700.1234567, 14399.9876543, 14000.55555],
    C: [0.1255, 0.502, 0.0039],
    CA: 0.437,
    BS: { W: 2.6133333 },
    InkList: [coordinates.slice(0, 2000), coordinates.slice(2000)],
    NM: PdfString.fromString('ink-1'),
  });

  it.each([
    ['float32, printed shortest (MuPDF)', (value: number) => Number(String(Math.fround(value)))],
    ['float32, printed with 8 significant digits (PDFium)', (value: number) => Number(Math.fround(value).toPrecision(8))],
    ['float32, printed with 5 decimals, cut off', (value: number) => Math.trunc(Math.fround(value) * 1e5) / 1e5],
    ['4 decimals', (value: number) => Number(value.toFixed(4))],
    ['0.99999 for 1, 1e-5 off', (value: number) => value - 1e-5],
  ])('must stay the same when every number is re-saved as %s', (_name, print) => {
    expect(digest(reprinted(ink, print))).toBe(standardKeysDigestOfValues(ink, 3));
  });

  it('must stay the same when values are spelled another way, indirect, defaults written out and keys added', () => {
    const values = exported({
      Subtype: 'Line',
      Rect: [10.5, 20.25, 110.125, 220],
      C: [1, 0, 0],
      L: [12, 22, 100, 200],
      LE: ['None', 'OpenArrow'],
      BS: { W: 1.5 },
      Contents: PdfString.fromString('A line'),
      DA: PdfString.fromString('/Helv 12 Tf 0.1255 0 1 rg'),
      NM: PdfString.fromString('line-1'),
    });
    const original = standardKeysDigestOfValues(values, 3);
    const respelled = pdfDict({
      // Keys in another order, another tool's keys added, /NM (the copy's key, not its digest) changed.
      T: PdfString.fromString('Reviewer'),
      M: PdfString.fromString('D:20270101000000Z'),
      F: 4 | 2,
      NM: PdfString.fromString('renamed'),
      AP: { N: pdf.register(pdfDict({ Type: 'XObject' })) },
      Subtype: PdfString.fromString('Line'),
      // /Rect corners the other way round, numbers printed as reals.
      Rect: [110.125, 220.0, 10.5, 20.25],
      C: pdf.register(pdfValue([1.0, 0.0, 0.0])),
      L: [pdf.register(pdfValue(12)), 22, 100, 200],
      LE: [PdfString.fromString('None'), PdfName.of('OpenArrow')],
      // The width as /Border instead of /BS, /CA 1 and /Q 0 and an empty /IC written out.
      Border: [0, 0, 1.5],
      CA: 1,
      Q: 0,
      IC: [],
      Contents: PdfString.fromHex('FEFF00410020006C0069006E0065'),
      DA: PdfString.fromString('  /Helv 12.0 Tf\n0.12550 0 1.0 rg '),
    });
    expect(digest(respelled)).toBe(original);
    const plainLine = exported({ Subtype: 'Line', Rect: [0, 0, 10, 10], L: [0, 0, 10, 10] });
    expect(digest(pdfDict({ ...plainLine, LE: ['None', 'None'], Contents: PdfString.fromString('') }))).toBe(standardKeysDigestOfValues(plainLine, 3));
  });

  for (const [key, value] of [
    ['Vertices', pdfValue([1, 2, 3, 4, 5, 6])],
    ['Name', PdfName.of('Confidential')],
    ['LE', pdfValue(['Circle', 'ClosedArrow'])],
    ['Rect', pdfValue([100.124, 200, 300.5, 400])],
    ['DA', PdfString.fromString('/Helv 12 Tf 0 0 0.5 rg')],
    ['Border', pdfValue([0, 0, 3])],
  ] as const) {
    it(`must change when another tool sets /${key}`, () => {
      const base = pdfDict({ Subtype: 'Polygon', Rect: [100.123, 200, 300.5, 400], Vertices: [1, 2, 3, 4, 5, 7], Name: 'Draft', DA: PdfString.fromString('/Helv 12 Tf 0 0 1 rg') });
      const edited = pdfDict({ Subtype: 'Polygon', Rect: [100.123, 200, 300.5, 400], Vertices: [1, 2, 3, 4, 5, 7], Name: 'Draft', DA: PdfString.fromString('/Helv 12 Tf 0 0 1 rg') });
      edited.set(key, value);
      expect(digest(edited)).not.toBe(digest(base));
    });
  }

  it('must put numbers on the grid by at most half a step, replacing arrays rather than changing them', () => {
    const rect = [10.12345, 20.0004, 4095.995, 9000.123];
    const color = [0.1255, 0.502, 1];
    const dict: Record<string, PdfValue> = { Subtype: 'Square', Rect: rect, C: color, BS: { W: 2.25 }, RD: [1, 1, 1, 1] };
    const untouched = dict.RD;
    snapStandardKeys(dict);
    // From just below 4096 on, on the grid of hundredths.
    expect(dict.Rect).toEqual([10.123, 20, 4096, 9000.12]);
    expect(rect).toEqual([10.12345, 20.0004, 4095.995, 9000.123]);
    expect(dict.C).toEqual([0.126, 0.502, 1]);
    expect(dict.BS).toEqual({ W: 2.25 });
    expect(dict.RD).toBe(untouched);
  });
});
