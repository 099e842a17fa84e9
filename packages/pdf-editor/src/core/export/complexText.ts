// Right-to-left and complex scripts (Arabic, Hebrew, Indic, Thai, ...): the Unicode bidirectional
// algorithm (bidi-js) orders a line's runs, and HarfBuzz (harfbuzzjs, WebAssembly) shapes them into
// the glyphs the font means for each context (Arabic initial, medial and final forms, ligatures,
// mark positions). Both are imported only when a text has such characters, so a Latin export never
// loads them (see complexLayout.ts and shaper.ts).
import { FontLoadError } from '../errors';
import type { ExportFont } from './context';
import type { TextRun } from './textBlock';

/** Characters that need the bidi algorithm or shaping: RTL scripts, bidi controls, Indic and SE Asian scripts. */
const COMPLEX_SCRIPT =
  /[\u0590-\u08ff\u0900-\u0dff\u0e00-\u0fff\u1000-\u109f\u1780-\u17ff\u200e\u200f\u202a-\u202e\u2066-\u2069\ufb1d-\ufdff\ufe70-\ufefe\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

/** Whether `text` needs bidi ordering or shaping; false for Latin, Greek, Cyrillic and CJK. */
export function needsComplexLayout(text: string): boolean {
  return COMPLEX_SCRIPT.test(text);
}

export interface ComplexTextEngine {
  /**
   * The runs of a line (`fontAt`: the font of each UTF-16 unit) in visual order, left to right,
   * as a browser shows them in a left-to-right text box, right-to-left and complex runs shaped.
   */
  layoutLine(text: string, fontAt: readonly ExportFont[]): TextRun[];
}

let engine: Promise<ComplexTextEngine> | undefined;

/** The engine, loaded once per process (or worker) on first use. */
export function loadComplexTextEngine(): Promise<ComplexTextEngine> {
  engine ??= createEngine().catch((error: unknown) => {
    engine = undefined;
    throw error instanceof FontLoadError ? error : new FontLoadError('the text shaper', error);
  });
  return engine;
}

async function createEngine(): Promise<ComplexTextEngine> {
  // Its own chunk, so Latin exports and the editor's main bundle never carry it.
  const { createComplexTextEngine } = await import('./complexLayout');
  return createComplexTextEngine();
}
