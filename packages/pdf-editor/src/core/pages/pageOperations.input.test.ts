// What the page operations are given is checked before any document is opened: a page number that
// cannot be one, a range ending before it starts, a rotation that is not a quarter turn or a
// password that is not a string is an InvalidInputError naming the field; pages the document does
// not have stay a PageRangeError.
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { AnnotationValidationError, InvalidInputError, PageRangeError } from '../errors';
import { normalizeAnnotation } from '../model/defaults';
import type { Annotation } from '../model/types';
import type { PdfSource } from '../pdf/source';
import { applyPageOperation } from './applyPageOperation';
import {
  deletePages,
  extractPages,
  getPageSizes,
  insertPages,
  mergePdfs,
  reorderPages,
  rotatePages,
  splitPdf,
} from './pageOperations';
import { mergeAnnotations, remapAnnotations } from './remapAnnotations';
import type { PageOperation } from './types';

let threePages: Uint8Array;
beforeAll(async () => {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < 3; i++) pdf.addPage([300, 200]);
  threePages = await pdf.save();
});

/** Lets a test pass what the types forbid, as a JavaScript caller can. */
const loose = <T>(value: unknown): T => value as T;
const LETTER = { width: 612, height: 792 };
const note = (page: number): Annotation => normalizeAnnotation({ type: 'text', page, content: 'Checked' });

async function failure(run: () => Promise<unknown> | unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

type Case = [label: string, field: string, run: (pdf: Uint8Array) => Promise<unknown> | unknown];

const cases: Case[] = [
  ['rotate by 45 degrees', 'degrees', (pdf) => rotatePages(pdf, [1], loose(45))],
  ['rotate page 0', 'pages[1]', (pdf) => rotatePages(pdf, [1, 0], 90)],
  ["rotate page 'x'", 'pages[0]', (pdf) => rotatePages(pdf, loose(['x']), 90)],
  ['rotate a page that is not a list', 'pages', (pdf) => rotatePages(pdf, loose(2), 90)],
  ['delete page 1.5', 'pages[0]', (pdf) => deletePages(pdf, [1.5])],
  ["reorder with 'x'", 'order[1]', (pdf) => reorderPages(pdf, loose([1, 'x', 3]))],
  ['split from page 0', 'ranges[0].from', (pdf) => splitPdf(pdf, [{ from: 0, to: 2 }])],
  [
    'split a range ending before its start',
    'ranges[1].to',
    (pdf) =>
      splitPdf(pdf, [
        { from: 1, to: 1 },
        { from: 3, to: 2 },
      ]),
  ],
  ['split with ranges that are not a list', 'ranges', (pdf) => splitPdf(pdf, loose({ from: 1, to: 2 }))],
  ['extract a range without its end', 'pages.to', (pdf) => extractPages(pdf, loose({ from: 1 }))],
  ['insert before page 0', 'at', (pdf) => insertPages(pdf, 0, 1)],
  ['insert no pages', 'count', (pdf) => insertPages(pdf, 1, 0)],
  [
    'insert pages of a negative size',
    'options.size.width',
    (pdf) => insertPages(pdf, 1, 1, { size: { width: -1, height: 10 } }),
  ],
  [
    'insert a document that is not bytes',
    'options.document',
    (pdf) => insertPages(pdf, 1, 1, { document: loose('in.pdf') }),
  ],
  [
    'a password that is not a string',
    'options.password',
    (pdf) => deletePages(pdf, [1], loose({ password: 1234 })),
  ],
  ['options that are not an object', 'options', (pdf) => getPageSizes(pdf, loose('secret'))],
  ['a source that is not bytes', 'source', () => rotatePages(loose<PdfSource>('in.pdf'), [1], 90)],
  ['merge something that is not a PDF', 'sources[1]', (pdf) => mergePdfs([pdf, loose<PdfSource>(null)])],
  [
    'an unknown operation',
    'operation.type',
    (pdf) => applyPageOperation(pdf, loose<PageOperation>({ type: 'shuffle' })),
  ],
  [
    'an operation rotating by 45',
    'operation.degrees',
    (pdf) => applyPageOperation(pdf, loose<PageOperation>({ type: 'rotate', pages: [1], degrees: 45 })),
  ],
  [
    'an operation deleting page 0',
    'operation.pages[1]',
    (pdf) => applyPageOperation(pdf, { type: 'delete', pages: [2, 0] }),
  ],
  [
    'an operation with a bad password',
    'options.password',
    (pdf) => applyPageOperation(pdf, { type: 'delete', pages: [1] }, loose({ password: false })),
  ],
  [
    'remap by 45 degrees',
    'operation.degrees',
    () => remapAnnotations([note(1)], loose<PageOperation>({ type: 'rotate', pages: [1], degrees: 45 })),
  ],
  [
    'remap a split from page 0',
    'operation.ranges[0].from',
    () => remapAnnotations([note(1)], { type: 'split', ranges: [{ from: 0, to: 1 }] }),
  ],
  [
    'remap with a page size of no height',
    'pageSizes[1].height',
    () => remapAnnotations([note(1)], { type: 'delete', pages: [1] }, loose([LETTER, { width: 10 }])),
  ],
  ['merge annotations with a page count of -1', 'pageCounts[0]', () => mergeAnnotations([[note(1)]], [-1])],
];

describe('page operations input', () => {
  it.each(cases)('%s is an InvalidInputError naming %s', async (_label, field, run) => {
    const error = await failure(() => run(threePages));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error).toMatchObject({ field });
    expect((error as Error).message.startsWith(`${field}: `)).toBe(true);
  });

  it('keeps PageRangeError for pages and ranges the document does not have', async () => {
    await expect(rotatePages(threePages, [4], 90)).rejects.toThrow(PageRangeError);
    await expect(splitPdf(threePages, [{ from: 2, to: 4 }])).rejects.toThrow(
      /Page 4 does not exist: this document has 3 pages/,
    );
    await expect(insertPages(threePages, 5, 1)).rejects.toThrow(PageRangeError);
    expect(() =>
      remapAnnotations([note(1)], { type: 'delete', pages: [4] }, [LETTER, LETTER, LETTER]),
    ).toThrow(PageRangeError);
  });

  it('names the annotation and field remapAnnotations cannot work on', () => {
    const broken = loose<Annotation>({ ...note(1), page: 'one' });
    const error = (() => {
      try {
        remapAnnotations([note(1), broken], { type: 'delete', pages: [1] });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(AnnotationValidationError);
    expect((error as AnnotationValidationError).issues).toEqual([
      expect.stringMatching(/^annotations\[1\]\.page: /),
    ]);
    expect(() => mergeAnnotations([[note(1)], [broken]], [1, 1])).toThrow(/lists\[1\]\[0\]\.page: /);
  });
});
