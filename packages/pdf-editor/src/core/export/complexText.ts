// Right-to-left and complex scripts (Arabic, Hebrew, Indic, Thai, ...): the Unicode bidirectional
// algorithm (bidi-js) orders a line's runs, and HarfBuzz (harfbuzzjs, WebAssembly) shapes them into
// the glyphs the font means for each context (Arabic initial, medial and final forms, ligatures,
// mark positions). Both are imported only when a text has such characters, so a Latin export never
// loads them (see complexLayout.ts and shaper.ts).
import { FontLoadError } from '../errors';
import type { ComplexTextEngine } from './textRuns';

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
