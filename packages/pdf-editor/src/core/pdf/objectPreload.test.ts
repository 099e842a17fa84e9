// The import's own object parser (objectPreload.ts) must read every object it takes exactly as the
// engine reads it, follow the cross-reference chain to the newest revision of each object, and
// leave to the engine everything else. Made files cover the syntax here; the corpus check compares
// every annotation of the pdf.js corpus read both ways (test-support/preloadAgreement.ts).
import { describe, expect, it } from 'vitest';
import { handmadePdf } from '../../test-support/handmadePdf';
import { objectShape, preloadAgreement } from '../../test-support/preloadAgreement';
import { PDF, PdfDict, PdfRef } from './engine';
import { parseIndirectObject, preloadObjects } from './objectPreload';
import { openPdf } from './openPdf';

const latin1Bytes = (text: string) => Uint8Array.from(text, (character) => character.charCodeAt(0));

const THIRD = PdfRef.of(3, 0);

/** A made file whose object 3 is `body`. */
const fileWith = (body: string) =>
  handmadePdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>', body]);

/** Object 3 of `bytes` as our parser reads it from its offset. */
const ourReading = (bytes: Uint8Array) =>
  parseIndirectObject(bytes, Buffer.from(bytes).toString('latin1').indexOf('3 0 obj'), THIRD);

describe('parseIndirectObject', () => {
  it.each([
    [
      'a dictionary of every value type',
      '<< /Type /Annot /Rect [10 20.5 -30 .5] /F 4 /Open true /Hidden false /Nothing null /P 2 0 R /Nested << /A [[1 2] [3]] >> >>',
    ],
    [
      'numbers of every form',
      '[0 -0 +3 -.25 5. 1.1 0.30000000000004 123456789012345 -0.001 3.14159265358979]',
    ],
    ['references, and numbers that only look like them', '[1 0 R 2 0 R 12 7 R 1 2 3 R 4 5 6]'],
    [
      'literal strings with nested parentheses and line feeds',
      '[(plain) (a (nested (deep)) one) (two\nlines) (\xe9t\xe9) ()]',
    ],
    [
      'hex strings with spaces, odd length and stray characters',
      '[<48656C6C6F> < 48 65\n6c > <ABC> <> <4g8>]',
    ],
    ['comments and unusual white space', '<<%a comment\n/A%another\r1\f/B\t[ 1 %x\n 2 ]\x00/C/D>>'],
    ['empty containers and names', '<< /A << >> /B [] /C / /D/E >>'],
  ])('must read %s as the engine does', async (_, body) => {
    const bytes = fileWith(body);
    const ours = ourReading(bytes);
    expect(ours).toBeDefined();
    expect(objectShape(ours)).toEqual(objectShape((await PDF.load(bytes)).getObject(THIRD)));
  });

  it.each([
    ['a name with a # escape', '<< /A#20B 1 >>'],
    ['a name with bytes outside ASCII', '<< /Caf\xe9 1 >>'],
    ['a number of more than 15 digits', '[1234567890123456]'],
    ['two signs', '[--5]'],
    ['an unknown keyword', '[1 foo]'],
    ['a lone >', '<< /A 1 >'],
    ['a generation past 65535', '[1 70000 R]'],
    ['a string with an escape', '[(a \\(paren\\))]'],
    ['a string with a carriage return', '[(cr\rlf)]'],
    ['braces', '[{1}]'],
  ])('must leave %s to the engine', (_, body) => {
    expect(ourReading(fileWith(body))).toBeUndefined();
  });

  it('must leave streams, and objects whose header names another object, to the engine', () => {
    const bytes = handmadePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [] /Count 0 >>',
      '<< /Length 3 >>\nstream\nabc\nendstream',
    ]);
    const text = Buffer.from(bytes).toString('latin1');
    expect(parseIndirectObject(bytes, text.indexOf('3 0 obj'), PdfRef.of(3, 0))).toBeUndefined();
    expect(parseIndirectObject(bytes, text.indexOf('2 0 obj'), PdfRef.of(3, 0))).toBeUndefined();
    expect(parseIndirectObject(bytes, text.indexOf('2 0 obj'), PdfRef.of(2, 1))).toBeUndefined();
    expect(parseIndirectObject(bytes, text.indexOf('2 0 obj'), PdfRef.of(2, 0))).toBeDefined();
  });
});

/** A one-page file whose page lists annotations 4 and 5. */
const annotatedPdf = () =>
  handmadePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Annots [4 0 R 5 0 R] >>',
    '<< /Type /Annot /Subtype /Square /Rect [10 10 50 50] /NM (first) >>',
    '<< /Type /Annot /Subtype /Circle /Rect [60 60 90 90] /NM (second) >>',
  ]);

/** `bytes` with an update appended that gives object 5 new contents. */
function withObject5Replaced(bytes: Uint8Array, contents: string): Uint8Array {
  const text = Buffer.from(bytes).toString('latin1');
  const previous = /startxref\s+(\d+)/.exec(text.slice(text.lastIndexOf('startxref')))?.[1];
  const objectAt = text.length;
  let update = `5 0 obj\n${contents}\nendobj\n`;
  const xrefAt = objectAt + update.length;
  update += `xref\n5 1\n${String(objectAt).padStart(10, '0')} 00000 n \ntrailer\n<< /Size 6 /Root 1 0 R /Prev ${previous} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return latin1Bytes(text + update);
}

/** Opens `bytes`, preloads both annotations, and says which were taken and what each reads as. */
async function preloaded(bytes: Uint8Array) {
  const { pdf, loadedFrom } = await openPdf(bytes);
  const refs = [PdfRef.of(4, 0), PdfRef.of(5, 0)];
  if (loadedFrom) preloadObjects(pdf, loadedFrom, refs);
  const taken = refs
    .filter((ref) => pdf.context.registry.getObject(ref) !== null)
    .map((ref) => ref.objectNumber);
  const names = refs.map((ref) => (pdf.getObject(ref) as PdfDict).get('NM'));
  return { taken, names: names.map((name) => (name?.type === 'string' ? name.asString() : undefined)) };
}

describe('preloadObjects', () => {
  it('must take the objects of a plain file and read them as the engine would', async () => {
    expect(await preloaded(annotatedPdf())).toEqual({ taken: [4, 5], names: ['first', 'second'] });
  });

  it('must take the newest revision of an object an update replaced', async () => {
    const updated = withObject5Replaced(
      annotatedPdf(),
      '<< /Type /Annot /Subtype /Circle /Rect [60 60 90 90] /NM (replaced) >>',
    );
    expect(await preloaded(updated)).toEqual({ taken: [4, 5], names: ['first', 'replaced'] });
    expect(await preloadAgreement(updated)).toEqual({ annotations: 2, preloaded: 2, differences: [] });
  });

  it('must read objects through a cross-reference stream', async () => {
    const pdf = await PDF.load(annotatedPdf());
    pdf.getCatalog().dirty = true;
    const saved = await pdf.save({ useXRefStream: true });
    expect(Buffer.from(saved).toString('latin1')).toContain('/XRef');
    expect(await preloadAgreement(saved)).toEqual({ annotations: 2, preloaded: 2, differences: [] });
  });

  it('must leave the whole file to the engine when its table rows are not 20 bytes long', async () => {
    // Rows ending in a single line feed: the engine reads them by their tokens, a row's place is
    // no longer its number times 20.
    const text = Buffer.from(annotatedPdf()).toString('latin1');
    const short = latin1Bytes(text.replace(/ n \n/g, ' n\n').replace(/ f \n/g, ' f\n'));
    expect(await preloaded(short)).toEqual({ taken: [], names: ['first', 'second'] });
  });

  it('must leave the whole file to the engine when its cross-reference data is damaged', async () => {
    const text = Buffer.from(annotatedPdf()).toString('latin1');
    // Every offset of the table one byte off: the engine repairs the file by scanning it.
    const shifted = latin1Bytes(
      text.replace(
        /^(\d{10}) 00000 n/gm,
        (_, offset: string) => `${String(Number(offset) + 1).padStart(10, '0')} 00000 n`,
      ),
    );
    const { taken, names } = await preloaded(shifted);
    expect(taken).toEqual([]);
    expect(names).toEqual(['first', 'second']);
  });
});
