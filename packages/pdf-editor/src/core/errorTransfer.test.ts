// Every typed error of errors.ts through a structured clone, as the export worker sends it: the
// caller gets the same class with the same fields. (exportWorker.browser.test.ts does the same
// through a real worker in Chromium.)
import { describe, expect, it } from 'vitest';
import * as errors from './errors';
import { reviveError, transferError } from './errorTransfer';

const note = { id: 'n1', type: 'text', page: 2 };

// One of each class errors.ts exports, thrown as the core throws it.
const samples: Record<string, Error> = {
  AnnotationValidationError: new errors.AnnotationValidationError('bad', ['[0].page: expected a number']),
  UnknownKindError: new errors.UnknownKindError('custom:checkmark', 'annotations[0]'),
  PdfInvalidError: new errors.PdfInvalidError('No PDF header', { cause: new Error('offset 0') }),
  PdfEncryptedError: new errors.PdfEncryptedError(),
  PdfPasswordError: new errors.PdfPasswordError('wrong'),
  PdfEmptyError: new errors.PdfEmptyError(),
  AnnotationExportError: new errors.AnnotationExportError(
    note,
    new errors.FontLoadError('fallback font 1', 'HTTP 404'),
  ),
  UnsupportedCharactersError: new errors.UnsupportedCharactersError(['𓀀', '𓀁'], 'n1'),
  FontLoadError: new errors.FontLoadError('DejaVu Sans', new TypeError('Failed to fetch')),
  PageRangeError: new errors.PageRangeError('Page 9 does not exist'),
  InvalidInputError: new errors.InvalidInputError('options.mode', 'unknown export mode'),
  OcrLanguageError: new errors.OcrLanguageError('fra', 'the package @tesseract.js-data/fra is not installed'),
  OcrPageError: new errors.OcrPageError(3, 'its image is stored as JBIG2, which is not read yet'),
};

const roundTrip = (error: unknown) => reviveError(structuredClone(transferError(error)));

describe('typed errors across a structured clone', () => {
  it('has a sample of every error class errors.ts exports', () => {
    const classes = Object.entries(errors).filter(
      ([, value]) => typeof value === 'function' && value.prototype instanceof Error,
    );
    expect(Object.keys(samples).sort()).toEqual(classes.map(([name]) => name).sort());
  });

  it.each(Object.entries(samples))(
    'must rebuild %s as the same class with its message and fields',
    (name, error) => {
      const back = roundTrip(error);
      const errorClass = (errors as unknown as Record<string, abstract new (...args: never[]) => Error>)[
        name
      ]!;
      expect(back).toBeInstanceOf(errorClass);
      expect(back).toBeInstanceOf(Error);
      expect(back.name).toBe(name);
      expect(back.message).toBe(error.message);
      expect({ ...back }).toEqual({ ...error });
      expect(back.stack).toBe(error.stack);
    },
  );

  it('must keep the fields a caller reads', () => {
    const password = roundTrip(samples.PdfPasswordError) as errors.PdfPasswordError;
    expect(password).toBeInstanceOf(errors.PdfEncryptedError);
    expect(password.reason).toBe('wrong');
    const characters = roundTrip(samples.UnsupportedCharactersError) as errors.UnsupportedCharactersError;
    expect([characters.characters, characters.annotationId]).toEqual([['𓀀', '𓀁'], 'n1']);
    expect((roundTrip(samples.InvalidInputError) as errors.InvalidInputError).field).toBe('options.mode');
    expect((roundTrip(samples.AnnotationExportError) as errors.AnnotationExportError).annotationId).toBe(
      'n1',
    );
    expect((roundTrip(samples.FontLoadError) as errors.FontLoadError).font).toBe('DejaVu Sans');
    expect((roundTrip(samples.OcrLanguageError) as errors.OcrLanguageError).language).toBe('fra');
    expect((roundTrip(samples.OcrPageError) as errors.OcrPageError).page).toBe(3);
    expect((roundTrip(samples.AnnotationValidationError) as errors.AnnotationValidationError).issues).toEqual(
      ['[0].page: expected a number'],
    );
  });

  it('must carry the cause, typed too', () => {
    const back = roundTrip(samples.AnnotationExportError);
    expect(back.cause).toBeInstanceOf(errors.FontLoadError);
    expect((back.cause as errors.FontLoadError).cause).toBe('HTTP 404');
  });

  it('must rebuild other errors and thrown values as plain Errors with their name and message', () => {
    const other = roundTrip(new TypeError('x is not a function'));
    expect(other.constructor).toBe(Error);
    expect([other.name, other.message]).toEqual(['TypeError', 'x is not a function']);
    const thrown = roundTrip('out of memory');
    expect([thrown.name, thrown.message]).toEqual(['Error', 'out of memory']);
  });
});
