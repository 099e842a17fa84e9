// importAnnotations checks its arguments before opening the file: a password that is not a string
// or a warning hook that is not a function is an InvalidInputError naming the option.
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors';
import type { PdfSource } from '../pdf/source';
import { importAnnotations, type ImportOptions } from './importAnnotations';

let blank: Uint8Array;
beforeAll(async () => {
  const pdf = await PDFDocument.create();
  pdf.addPage([300, 200]);
  blank = await pdf.save();
});

const loose = <T>(value: unknown): T => value as T;

const cases: Array<[label: string, field: string, source: () => PdfSource, options: unknown]> = [
  ['a password that is not a string', 'options.password', () => blank, { password: 1234 }],
  ['a warning hook that is not a function', 'options.onWarning', () => blank, { onWarning: 'console.warn' }],
  ['options that are not an object', 'options', () => blank, 'secret'],
  ['a source that is not bytes', 'source', () => loose<PdfSource>('in.pdf'), undefined],
];

describe('importAnnotations input', () => {
  it.each(cases)('%s is an InvalidInputError naming %s', async (_label, field, source, options) => {
    const error = await importAnnotations(source(), loose<ImportOptions>(options)).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error).toMatchObject({ field });
  });

  it('still reads a file given right options', async () => {
    await expect(importAnnotations(blank, { password: '', onWarning: () => undefined })).resolves.toEqual([]);
  });
});
