// Typed errors of the core, so callers can tell bad input apart without parsing messages.

/** Annotation JSON that does not fit the model; `issues` name the offending index and field. */
export class AnnotationValidationError extends Error {
  override readonly name: string = 'AnnotationValidationError';
  constructor(
    message: string,
    readonly issues: readonly string[],
  ) {
    super(message);
  }
}

/**
 * An annotation of a host's `custom:` kind that no one registered (`registerKinds`, the `kinds`
 * option), where it has to be made or drawn: `normalizeAnnotation`, adding it to a list, an export.
 * `kind` names its type; loading and saving keep such annotations as they are.
 */
export class UnknownKindError extends AnnotationValidationError {
  override readonly name = 'UnknownKindError';
  constructor(
    readonly kind: string,
    at: string,
  ) {
    const issue = `${at}.type: the kind ${JSON.stringify(kind)} is not registered; pass it in the kinds option`;
    super(`Invalid ${at}: ${issue}`, [issue]);
  }
}

/** The bytes are not a PDF that can be read (no header, truncated, corrupt beyond recovery). */
export class PdfInvalidError extends Error {
  override readonly name = 'PdfInvalidError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The PDF is encrypted (password-protected); it cannot be modified without writing a corrupt file. */
export class PdfEncryptedError extends Error {
  override readonly name: string = 'PdfEncryptedError';
  constructor(message = 'This PDF is password-protected. Remove its password before editing or exporting it.') {
    super(message);
  }
}

/**
 * The PDF needs a password to open (its user password is not empty): none was given
 * (`reason: 'missing'`) or the one given is wrong (`reason: 'wrong'`). Pass the right one as
 * `{ password }`.
 */
export class PdfPasswordError extends PdfEncryptedError {
  override readonly name = 'PdfPasswordError';
  constructor(readonly reason: 'missing' | 'wrong') {
    super(
      reason === 'missing'
        ? 'This PDF is password-protected. Enter its password to open it.'
        : 'The password is not correct for this PDF.',
    );
  }
}

/** A PDF without any page: nothing to annotate, and writing it would invent a blank page. */
export class PdfEmptyError extends Error {
  override readonly name = 'PdfEmptyError';
  constructor(message = 'This PDF has no pages.') {
    super(message);
  }
}

/**
 * An annotation could not be written into the PDF; the export fails rather than leave it out.
 * `annotationId` names it (the annotation's `id`), `cause` holds what went wrong.
 */
export class AnnotationExportError extends Error {
  override readonly name = 'AnnotationExportError';
  readonly annotationId: string;
  constructor(annotation: { id: string; type: string; page: number }, cause: unknown) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    super(`The ${annotation.type} annotation ${annotation.id} on page ${annotation.page} could not be written (${detail}).`, {
      cause,
    });
    this.annotationId = annotation.id;
  }
}

/**
 * A text has characters that neither the standard fonts, the Unicode font nor any fallback in
 * `options.fonts` can draw; the export fails rather than draw them as "?". `characters` lists
 * them (each once, in order of appearance); `annotationId` names the text annotation (undefined
 * for the watermark text).
 */
export class UnsupportedCharactersError extends Error {
  override readonly name = 'UnsupportedCharactersError';
  constructor(
    readonly characters: readonly string[],
    readonly annotationId?: string,
  ) {
    const where = annotationId === undefined ? 'The text' : `Annotation ${annotationId}`;
    super(
      `${where} has characters no available font can draw: ${characters.join(' ')}. ` +
        'Pass a font that has them in options.fonts.fallbacks.',
    );
  }
}

/**
 * A font the export needs could not be loaded (the bundled DejaVu Sans missing from a server
 * bundle, a fallback loader that rejected, bytes that are no font, or the text shaper that
 * right-to-left and complex scripts need); `font` names it, `cause` says why. The export fails instead of drawing the text with a font that lacks its characters.
 */
export class FontLoadError extends Error {
  override readonly name = 'FontLoadError';
  constructor(
    readonly font: string,
    cause: unknown,
  ) {
    super(`Could not load ${font}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/**
 * The error an export raises for `error` thrown while writing `annotation`: the typed font errors
 * as they are (naming the annotation), anything else as AnnotationExportError.
 */
export function annotationWriteError(annotation: { id: string; type: string; page: number }, error: unknown): Error {
  if (error instanceof UnsupportedCharactersError) return new UnsupportedCharactersError(error.characters, annotation.id);
  if (error instanceof FontLoadError) return error;
  return new AnnotationExportError(annotation, error);
}

/** A page operation was given pages or ranges that do not exist in the document. */
export class PageRangeError extends RangeError {
  override readonly name = 'PageRangeError';
}

/**
 * An argument of a public function is not one it accepts (e.g. an unknown export `mode`, bytes
 * that are not a `Uint8Array`); `field` names it as the caller wrote it, e.g. `options.mode`.
 */
export class InvalidInputError extends TypeError {
  override readonly name = 'InvalidInputError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

/**
 * Text recognition was asked for a language whose data cannot be had: in Node, no package
 * `@tesseract.js-data/<language>` is installed; in a browser, `<langPath>/<language>.traineddata.gz`
 * is not served. `language` names it, as the caller wrote it.
 */
export class OcrLanguageError extends Error {
  override readonly name = 'OcrLanguageError';
  constructor(
    readonly language: string,
    detail: string,
  ) {
    super(`No recognition data for the language "${language}": ${detail}`);
  }
}

/**
 * Text recognition was asked for a page whose picture cannot be read: it shows no image (a page
 * drawn with vector graphics), or its image is stored in an encoding not read yet (JPEG 2000,
 * JBIG2, CCITT fax). `page` names it (from 1), `reason` says why.
 */
export class OcrPageError extends Error {
  override readonly name = 'OcrPageError';
  constructor(
    readonly page: number,
    readonly reason: string,
  ) {
    super(`Page ${page} cannot be recognised: ${reason}.`);
  }
}
