// protectPdf and unprotectPdf check their arguments before opening the file: a password that is
// not a string or an unknown permission (which would otherwise be silently granted) is an
// InvalidInputError naming the field.
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors';
import { protectPdf, unprotectPdf, type ProtectPdfOptions } from './protection';
import type { PdfSource } from './source';

let blank: Uint8Array;
beforeAll(async () => {
  const pdf = await PDFDocument.create();
  pdf.addPage([300, 200]);
  blank = await pdf.save();
});

const loose = <T>(value: unknown): T => value as T;
const protect = (options: unknown) => (pdf: Uint8Array) => protectPdf(pdf, loose<ProtectPdfOptions>(options));

const cases: Array<[label: string, field: string, run: (pdf: Uint8Array) => Promise<Uint8Array>]> = [
  ['a user password that is not a string', 'options.userPassword', protect({ userPassword: 1234 })],
  ['an owner password that is not a string', 'options.ownerPassword', protect({ ownerPassword: null })],
  ['a current password that is not a string', 'options.password', protect({ password: ['a'] })],
  [
    'an unknown permission',
    'options.permissions.edit',
    protect({ permissions: { print: false, edit: false } }),
  ],
  [
    'a permission that is not a boolean',
    'options.permissions.copy',
    protect({ permissions: { copy: 'no' } }),
  ],
  ['permissions that are not an object', 'options.permissions', protect({ permissions: ['copy'] })],
  ['no options', 'options', protect(undefined)],
  ['a source that is not bytes', 'source', () => protectPdf(loose<PdfSource>('in.pdf'), {})],
  [
    'unprotect with a password that is not a string',
    'password',
    (pdf) => unprotectPdf(pdf, loose<string>(undefined)),
  ],
  ['unprotect a source that is not bytes', 'source', () => unprotectPdf(loose<PdfSource>(null), 'admin')],
];

describe('protectPdf and unprotectPdf input', () => {
  it.each(cases)('%s is an InvalidInputError naming %s', async (_label, field, run) => {
    const error = await run(blank).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error).toMatchObject({ field });
  });

  it('still protects with known permissions', async () => {
    const locked = await protectPdf(blank, { userPassword: 'u', permissions: { copy: false, print: true } });
    expect(await unprotectPdf(locked, 'u')).toBeInstanceOf(Uint8Array);
  });
});
