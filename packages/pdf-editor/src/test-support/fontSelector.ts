// The export's font selector, for tests of the screen that compare its text with the export's. The
// React layer's core entry (core/internal.ts) must not reach the PDF engine, so tests take it here.
export { createFontSelector } from '../core/export/fontSelection';
