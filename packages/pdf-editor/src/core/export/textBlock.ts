// A text laid out for drawing, shared by the flattened text, the native /FreeText appearance and
// the watermark: lines of runs, each run in one font. Every character goes to the font claiming it
// (a lazy fallback given for its script), else to the first of the text's fonts that has it (a
// combining mark stays with its base), so "Hello 你好 مرحبا" draws its
// Latin, Chinese and Arabic each in a font that covers them. Lines with right-to-left or complex
// script characters are laid out by the complex-text engine (complexLayout.ts), loaded only for them.
import { UnsupportedCharactersError } from '../errors';
import { loadComplexTextEngine } from './complexText';
import type { ExportFont } from './exportFont';
import { INVISIBLE_CODE_POINTS } from './fontFamily';
import type { FontHeights } from './textLayout';
import { needsComplexLayout, simpleRun, spans, type ComplexTextEngine, type TextRun } from './textRuns';

export type { Shown, TextRun } from './textRuns';

/** One line of a laid-out text: its runs and its width. */
export interface TextLine {
  /** In visual order, left to right. */
  runs: TextRun[];
  /** In ems. */
  width: number;
}

/**
 * A text's layout, kept small: a text box may hold a million lines, whose runs would take hundreds
 * of megabytes if all were kept until drawn. Only each line's width is kept; `eachLine` lays the
 * lines out again one at a time for drawing.
 */
export interface TextBlock {
  /** Each line's advance width in ems, one entry per line, in order. */
  widths: Float64Array;
  /** The heights the layout places baselines with: those of the text's first font. */
  heights: FontHeights;
  /** Hands each line, laid out, to `draw` with its index, in order; none is kept. */
  eachLine(draw: (line: TextLine, index: number) => void): void;
}

/** Tabs become spaces and other control characters go: no font draws them. */
export function normalizeWhitespace(text: string): string {
  // Regular expressions rather than a loop over characters: a text box may hold megabytes.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '');
}

const MARK = /\p{M}/u;

/**
 * One line's characters with the fonts that draw them: `font` when one font draws the whole line
 * (the common case, kept compact because a text box may hold a million lines), else `fontAt`, one
 * entry per UTF-16 unit.
 */
type AssignedLine = { text: string; font: ExportFont; fontAt?: undefined } | { text: string; font?: undefined; fontAt: ExportFont[] };

/**
 * Assigns each line's characters to `fonts`; `missing` collects the visible characters none draws.
 * Line by line, so a text of a million lines never holds them all twice.
 */
function fontAssigner(fonts: readonly [ExportFont, ...ExportFont[]]) {
  const first = fonts[0];
  const fontOf = (char: string, cp: number, previous: ExportFont | undefined) =>
    MARK.test(char) && previous?.covers(cp)
      ? previous
      : (fonts.find((candidate) => candidate.claims?.(cp) && candidate.covers(cp)) ?? fonts.find((candidate) => candidate.covers(cp)));
  const missing = new Set<string>();
  const assign = (lineText: string): AssignedLine => {
    // Most lines are drawn by the first font whole: no choice to make per character.
    let whole = true;
    for (const char of lineText) {
      const cp = char.codePointAt(0) ?? 0;
      if (fonts.length === 1 ? !first.covers(cp) : fontOf(char, cp, first) !== first) {
        whole = false;
        break;
      }
    }
    if (whole) return { text: lineText, font: first };
    let drawn = '';
    const fontAt: ExportFont[] = [];
    for (const char of lineText) {
      const cp = char.codePointAt(0) ?? 0;
      const font = fonts.length === 1 ? (first.covers(cp) ? first : undefined) : fontOf(char, cp, fontAt[fontAt.length - 1]);
      if (!font) {
        if (!INVISIBLE_CODE_POINTS.has(cp)) missing.add(char);
        continue;
      }
      drawn += char;
      for (let unit = 0; unit < char.length; unit++) fontAt.push(font);
    }
    return { text: drawn, fontAt };
  };
  return { assign, missing };
}

/**
 * The line laid out. `width`, when given, is the line's width measured before (by `widthOf`): a
 * line one font draws whole takes it rather than measuring itself again.
 */
function layoutLine(line: AssignedLine, engine: ComplexTextEngine | undefined, width?: number): TextLine {
  const { text } = line;
  if (text === '') return { runs: [], width: 0 };
  const fontAt = () => line.fontAt ?? Array<ExportFont>(text.length).fill(line.font);
  let runs: TextRun[];
  if (engine && needsComplexLayout(text)) runs = engine.layoutLine(text, fontAt());
  else if (line.font) runs = [width === undefined ? simpleRun(line.font, text) : { font: line.font, width, shown: line.font.metrics.encodeText(text) }];
  else {
    const at = fontAt();
    runs = spans(text.length, (index, first) => at[index] === at[first]).map(({ start, end }) => simpleRun(at[start] as ExportFont, text.slice(start, end)));
  }
  return { runs, width: runs.reduce((sum, run) => sum + run.width, 0) };
}

/** The line's width in ems: measured alone when one font draws it whole (most lines), else laid out. */
function widthOf(line: AssignedLine, engine: ComplexTextEngine | undefined): number {
  if (line.text === '') return 0;
  if (line.font && !(engine && needsComplexLayout(line.text))) return line.font.metrics.widthOfTextAtSize(line.text, 1);
  return layoutLine(line, engine).width;
}

/** Calls `visit` with each line of `text` and its index, without splitting it all at once. */
function forEachLine(text: string, visit: (line: string, index: number) => void): void {
  for (let start = 0, index = 0; ; index++) {
    const end = text.indexOf('\n', start);
    visit(end < 0 ? text.slice(start) : text.slice(start, end), index);
    if (end < 0) return;
    start = end + 1;
  }
}

function lineCount(text: string): number {
  let count = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/**
 * `text` laid out with `fonts` (in order of preference; see ExportContext.layoutText). The widths
 * are measured here, in line order, as the lines are laid out again when drawn: every glyph an
 * embedded font records for its subset is recorded here first, in the order a single layout
 * records it, so the output does not depend on the layout being done twice.
 * @throws UnsupportedCharactersError naming the visible characters none of `fonts` draws.
 */
export async function layoutTextBlock(text: string, fonts: readonly [ExportFont, ...ExportFont[]]): Promise<TextBlock> {
  const normalized = normalizeWhitespace(text);
  const engine = needsComplexLayout(normalized) ? await loadComplexTextEngine() : undefined;
  const { assign, missing } = fontAssigner(fonts);
  const widths = new Float64Array(lineCount(normalized));
  forEachLine(normalized, (lineText, index) => {
    widths[index] = widthOf(assign(lineText), engine);
  });
  if (missing.size > 0) throw new UnsupportedCharactersError([...missing]);
  return {
    widths,
    heights: fonts[0].metrics,
    eachLine: (draw) =>
      forEachLine(normalized, (lineText, index) => draw(layoutLine(assign(lineText), engine, widths[index]), index)),
  };
}

/** The first line laid out, for texts of one line (a watermark, a stamp's word). */
export function firstLine(block: TextBlock): TextLine | undefined {
  const lines: TextLine[] = [];
  block.eachLine((line, index) => {
    if (index === 0) lines.push(line);
  });
  return lines[0];
}
