// Raised inside the PDF worker child when an input would exceed a processing limit (declared image
// size, decoded stream size); the parent answers every such job with `TOO_COMPLEX` (pdfWorker.ts),
// matching this class by its name across the process boundary.
export class TooComplexError extends Error {
  override readonly name = 'TooComplexError';
}
