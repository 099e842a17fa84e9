// A line's runs, each in one font, as the text layout (textBlock.ts) and the complex-text engine
// (complexLayout.ts, loaded only for right-to-left and complex scripts) both make them. Apart from
// both so the lazily loaded engine and its loader import neither each other nor the layout.
import type { ExportFont } from './exportFont';

/** Glyphs shown together; moves are in ems (before and after the glyphs), `rise` lifts them. */
export interface Shown {
  hex: string;
  before: number;
  after: number;
  rise: number;
}

/** A piece of a line drawn in one font: its glyphs and its width. */
export interface TextRun {
  font: ExportFont;
  /** Advance width in ems (at a font size of 1). */
  width: number;
  /**
   * The glyphs: one hex string when they follow one another with no move or rise (most text, kept
   * compact because a text box may hold a million lines), else each with its moves.
   */
  shown: string | Shown[];
}

/** A run drawn character by character in the font's own glyphs. */
export function simpleRun(font: ExportFont, text: string): TextRun {
  return { font, width: font.metrics.widthOfTextAtSize(text, 1), shown: font.metrics.encodeText(text) };
}

/** Spans of `count` units in which every unit is `alike` the span's first. */
export function spans(count: number, alike: (index: number, first: number) => boolean): { start: number; end: number }[] {
  const result: { start: number; end: number }[] = [];
  for (let start = 0; start < count; ) {
    let end = start + 1;
    while (end < count && alike(end, start)) end++;
    result.push({ start, end });
    start = end;
  }
  return result;
}

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
