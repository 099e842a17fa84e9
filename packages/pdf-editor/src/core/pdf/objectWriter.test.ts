// The objects the fast path writes itself must read back as what was added, in qpdf and in the
// engine, whatever the value: numbers at the engine's precision, names needing escapes, text in
// PDFDocEncoding or UTF-16, nested values, references, and streams of text, UTF-8 and binary data.
import { PDF, PdfArray, PdfBool, PdfDict, PdfName, PdfNull, PdfNumber, PdfRef, PdfStream, PdfString, type PdfObject } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { qpdfCheck } from '../../test-support/pdfTools';
import { openLazyAppend } from './lazyAppend';
import { decimalText, ObjectBytesWriter, type PdfDictValue, type StreamData } from './objectWriter';
import { pdfDict } from './objects';

async function onePagePdf(): Promise<Uint8Array> {
  const pdf = PDF.create();
  pdf.addPage();
  return pdf.save();
}

/** `objects` written by ObjectBytesWriter into an incremental update, each referenced from page 1 as /T0, /T1, ... */
async function written(objects: readonly [PdfDictValue, StreamData?][], compressFrom = 1 << 20): Promise<Uint8Array> {
  // More numbers reserved than used: the rest must be listed as free.
  const lazy = await openLazyAppend(await onePagePdf(), () => [0], objects.length + 3);
  if (!lazy) throw new Error('the fast path should open a one-page file');
  const writer = new ObjectBytesWriter(lazy.pdf, compressFrom, lazy.numbers);
  const page = lazy.pageAt(0);
  objects.forEach(([dict, data], index) => page?.dict.set(`T${index}`, PdfRef.of(writer.add(dict, data).objectNumber, 0)));
  const bytes = await lazy.finish(await lazy.pdf.save({ incremental: true }), writer.written());
  if (!bytes) throw new Error('the fast path should finish');
  return bytes;
}

/** Page 1's /T`index` of `bytes`, read back by the engine. */
async function readBack(bytes: Uint8Array, index: number): Promise<{ pdf: PDF; object: PdfObject | null }> {
  const pdf = await PDF.load(bytes);
  const ref = pdf.getPage(0)?.dict.get(`T${index}`);
  return { pdf, object: ref instanceof PdfRef ? pdf.getObject(ref) : null };
}

describe('decimalText', () => {
  it('must write what String writes for the number rounded to the decimals, without "-0" or exponents', () => {
    const values = [0, -0, 1, -1, 0.5, 1.5, -2.000004, 123456.789012, 1e-7, -1e-7, 0.00001, 99999.999995, 612, 1 / 3, -2 / 3, 1e12 + 0.25];
    for (const value of values) {
      for (const decimals of [4, 5]) {
        const rounded = Math.round(value * 10 ** decimals) / 10 ** decimals;
        expect(decimalText(value, decimals), `${value} at ${decimals}`).toBe(String(rounded === 0 ? 0 : rounded));
      }
    }
  });
});

describe('ObjectBytesWriter', () => {
  it('must write dictionaries that qpdf checks and the engine reads back value for value', async () => {
    const target = PdfRef.of(3, 0);
    const bytes = await written([
      [
        {
          Numbers: [0, -0, 1.5, -2.000004, 123456.789012, 1e-7, 612],
          Names: ['Plain', 'With space#(x)', 'Ünï'],
          Flags: [true, false],
          Nested: { Inner: { Deep: [[1, 2], [3]] } },
          Target: target,
          Literal: PdfString.fromString('a (nested) \\ back'),
          Unicode: PdfString.fromString('Ωμέγα ✓'),
          Control: new PdfString(new Uint8Array([0x41, 0x0d, 0x0a, 0x42]), 'literal'),
          Engine: new PdfDict([['Kind', PdfName.of('Engine')], ['List', new PdfArray([PdfNumber.of(7), PdfNull.instance])]]),
        },
      ],
    ]);
    expect((await qpdfCheck(bytes)).errors).toEqual([]);
    const { object } = await readBack(bytes, 0);
    expect(object).toBeInstanceOf(PdfDict);
    const dict = object as PdfDict;
    const numbers = (dict.getArray('Numbers')?.toArray() ?? []).map((item) => (item as PdfNumber).value);
    expect(numbers).toEqual([0, 0, 1.5, -2, 123456.78901, 0, 612]);
    expect((dict.getArray('Names')?.toArray() ?? []).map((item) => (item as PdfName).value)).toEqual(['Plain', 'With space#(x)', 'Ünï']);
    expect(dict.getArray('Flags')?.toArray().map((item) => (item as PdfBool).value)).toEqual([true, false]);
    const deep = dict.getDict('Nested')?.getDict('Inner')?.getArray('Deep');
    expect(deep?.toArray().map((row) => (row as PdfArray).toArray().map((item) => (item as PdfNumber).value))).toEqual([[1, 2], [3]]);
    const ref = dict.get('Target') as PdfRef;
    expect([ref.objectNumber, ref.generation]).toEqual([3, 0]);
    expect((dict.get('Literal') as PdfString).asString()).toBe('a (nested) \\ back');
    expect((dict.get('Unicode') as PdfString).asString()).toBe('Ωμέγα ✓');
    expect([...(dict.get('Control') as PdfString).bytes]).toEqual([0x41, 0x0d, 0x0a, 0x42]);
    expect(dict.getDict('Engine')?.getName('Kind')?.value).toBe('Engine');
    expect(dict.getDict('Engine')?.getArray('List')?.toArray().map((item) => item.type)).toEqual(['number', 'null']);
  });

  it('must write streams of ASCII text, UTF-8 text and binary data with their exact bytes', async () => {
    const binary = Uint8Array.from({ length: 256 }, (_, i) => i);
    const json = JSON.stringify({ note: 'café ✓ 漢字' });
    const bytes = await written([
      [{ Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 10, 10] }, '0 0 10 10 re f'],
      [{}, json],
      [{ Kind: 'Binary' }, binary],
    ]);
    expect((await qpdfCheck(bytes)).errors).toEqual([]);
    const decoded = async (index: number) => ((await readBack(bytes, index)).object as PdfStream).getDecodedData();
    expect(new TextDecoder().decode(await decoded(0))).toBe('0 0 10 10 re f');
    expect(new TextDecoder().decode(await decoded(1))).toBe(json);
    expect([...(await decoded(2))]).toEqual([...binary]);
  });

  it('must write a megabyte of objects, some larger than the first buffer, each at its offset', async () => {
    // Past the first 64 KB the writer starts new chunks instead of growing one: objects on both
    // sides of each boundary, and streams larger than a chunk, must come back whole.
    const sizes = [1000, 70_000, 5, 300_000, 120_000, 9, 260_000, 40_000, 250_000];
    const data = sizes.map((size, index) => Uint8Array.from({ length: size }, (_, i) => (i * 7 + index) & 255));
    const bytes = await written(data.map((stream, index) => [{ Index: index, Box: [0, 1.5, index, -2] }, stream]));
    expect(bytes.length).toBeGreaterThan(1_000_000);
    expect((await qpdfCheck(bytes)).errors).toEqual([]);
    const { pdf } = await readBack(bytes, 0);
    data.forEach((stream, index) => {
      const ref = pdf.getPage(0)?.dict.get(`T${index}`) as PdfRef;
      const object = pdf.getObject(ref) as PdfStream;
      expect(object.getNumber('Index')?.value).toBe(index);
      expect(Buffer.from(object.getDecodedData()).equals(Buffer.from(stream)), `stream ${index}`).toBe(true);
    });
  });

  it('must leave streams of `compressFrom` bytes or more to the engine, which compresses them', async () => {
    const text = 'q 1 0 0 1 0 0 cm Q\n'.repeat(200);
    const bytes = await written([[{}, text]], 1024);
    expect((await qpdfCheck(bytes)).errors).toEqual([]);
    const stream = (await readBack(bytes, 0)).object as PdfStream;
    expect(stream.getName('Filter')?.value).toBe('FlateDecode');
    expect(new TextDecoder().decode(stream.getDecodedData())).toBe(text);
  });

  it("must write each page's /Annots anew, the annotations it had first, and free the numbers it left unused", async () => {
    const source = PDF.create();
    const sourcePage = source.addPage();
    const old = source.register(pdfDict({ Type: 'Annot', Subtype: 'Square', Rect: [10, 10, 20, 20], NM: PdfString.fromString('old') }));
    sourcePage.dict.set('Annots', new PdfArray([old]));
    const lazy = await openLazyAppend(await source.save(), () => [0], 10);
    const page = lazy?.pageAt(0);
    if (!lazy || !page) throw new Error('the fast path should open a one-page file');
    const writer = new ObjectBytesWriter(lazy.pdf, 1 << 20, lazy.numbers);
    for (const name of ['first', 'second']) {
      writer.annotate(page, writer.add({ Type: 'Annot', Subtype: 'Square', Rect: [30, 30, 40, 40], NM: PdfString.fromString(name) }));
    }
    writer.close();
    const bytes = await lazy.finish(await lazy.pdf.save({ incremental: true }), writer.written());
    if (!bytes) throw new Error('the fast path should finish');
    const check = await qpdfCheck(bytes);
    expect(check.errors).toEqual([]);
    expect(check.warnings).toEqual([]);
    const reread = await PDF.load(bytes);
    const annots = reread.getPage(0)?.dict.get('Annots');
    const array = annots instanceof PdfRef ? reread.getObject(annots) : annots;
    const names = (array as PdfArray).toArray().map((ref) => (reread.getObject(ref as PdfRef) as PdfDict).getString('NM')?.asString());
    expect(names).toEqual(['old', 'first', 'second']);
  });

  it('must refuse values no PDF number can hold, rather than write an unreadable file', async () => {
    const lazy = await openLazyAppend(await onePagePdf(), () => [0]);
    const writer = new ObjectBytesWriter(lazy?.pdf as PDF, 1024);
    expect(() => writer.add({ Rect: [0, Number.NaN, 1, 1] })).toThrow(RangeError);
    expect(() => writer.add({ Rect: [0, Number.POSITIVE_INFINITY, 1, 1] })).toThrow(RangeError);
  });
});
