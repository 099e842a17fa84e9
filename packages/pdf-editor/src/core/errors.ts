// Typed errors of the core, so callers can tell bad input apart without parsing messages.

/** Annotation JSON that does not fit the model; `issues` name the offending index and field. */
export class AnnotationValidationError extends Error {
  override readonly name = 'AnnotationValidationError';
  constructor(
    message: string,
    readonly issues: readonly string[],
  ) {
    super(message);
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
  override readonly name = 'PdfEncryptedError';
  constructor(message = 'This PDF is password-protected. Remove its password before editing or exporting it.') {
    super(message);
  }
}

/** A PDF without any page: nothing to annotate, and writing it would invent a blank page. */
export class PdfEmptyError extends Error {
  override readonly name = 'PdfEmptyError';
  constructor(message = 'This PDF has no pages.') {
    super(message);
  }
}

/** A page operation was given pages or ranges that do not exist in the document. */
export class PageRangeError extends RangeError {
  override readonly name = 'PageRangeError';
}
