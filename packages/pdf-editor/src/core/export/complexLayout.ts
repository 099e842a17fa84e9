// How a line with right-to-left or complex-script characters is laid out, in the chunk loaded only
// for such text: the bidi algorithm splits it into runs of one level and one font and orders them
// for display, and HarfBuzz shapes every right-to-left or complex run; the shaped glyphs are shown
// by glyph id with HarfBuzz's advances and offsets (so Arabic letters join), in the shaped-glyph
// font of their file.
import type { ExportFont } from './exportFont';
import { createShapedFont } from './shapedFont';
import { createShaper, type Shaper, type ShapedGlyph } from './shaper';
import { needsComplexLayout, simpleRun, spans, type ComplexTextEngine, type Shown, type TextRun } from './textRuns';

function shapedRun(shaper: Shaper, font: ExportFont, line: string, start: number, end: number, rtl: boolean): TextRun {
  const glyphs = font.glyphs;
  const shaped = glyphs?.shapedFont(createShapedFont);
  if (!glyphs || !shaped) {
    // No glyph access (CFF outlines): the characters in visual order, unjoined.
    const chars = [...line.slice(start, end)];
    return simpleRun(font, (rtl ? chars.reverse() : chars).join(''));
  }
  const em = 1 / glyphs.unitsPerEm;
  const glyphRun = shaper.shape(glyphs.file, line, start, end, rtl);
  const clusterStarts = [...new Set(glyphRun.map((glyph) => glyph.cluster)), end].sort((a, b) => a - b);
  const shown: Shown[] = [];
  let width = 0;
  for (const cluster of spans(glyphRun.length, (index, first) => glyphRun[index]?.cluster === glyphRun[first]?.cluster)) {
    const group = glyphRun.slice(cluster.start, cluster.end) as ShapedGlyph[];
    const clusterStart = group[0]?.cluster ?? start;
    const text = line.slice(clusterStart, clusterStarts[clusterStarts.indexOf(clusterStart) + 1]);
    // The cluster's characters go with its widest glyph (the base), so marks and the dots of
    // decomposed letters add no text of their own. Extractors read right-to-left glyphs as visual
    // order and reverse them character by character, so a ligature's letters are given reversed.
    const base = group.reduce((widest, glyph) => (glyph.advance > widest.advance ? glyph : widest), group[0] as ShapedGlyph);
    const extracted = rtl ? [...text].reverse().join('') : text;
    for (const glyph of group) {
      const { hex, width: glyphWidth } = shaped.glyphCode(glyph.gid, glyph === base ? extracted : '');
      const advance = glyph.advance * em;
      const xOffset = glyph.xOffset * em;
      // The PDF advances by the glyph's /W width; the moves turn that into HarfBuzz's advance.
      shown.push({ hex, before: xOffset, after: advance - glyphWidth / 1000 - xOffset, rise: glyph.yOffset * em });
      width += advance;
    }
  }
  return { font: shaped.font, width, shown };
}

/** Unicode bidi rule L2: from the highest level down to the lowest odd one, reverse each sequence at or above it. */
function visualOrder<T extends { level: number }>(segments: T[]): T[] {
  const levels = segments.map((segment) => segment.level);
  const highest = Math.max(0, ...levels);
  const lowestOdd = Math.min(...levels.map((level) => (level % 2 === 1 ? level : Infinity)));
  let ordered = [...segments];
  for (let level = highest; level >= lowestOdd; level--) {
    const next: T[] = [];
    for (let index = 0; index < ordered.length; ) {
      if ((ordered[index]?.level ?? 0) < level) {
        next.push(ordered[index] as T);
        index++;
        continue;
      }
      let end = index;
      while (end < ordered.length && (ordered[end]?.level ?? 0) >= level) end++;
      next.push(...ordered.slice(index, end).reverse());
      index = end;
    }
    ordered = next;
  }
  return ordered;
}

export async function createComplexTextEngine(): Promise<ComplexTextEngine> {
  const shaper = await createShaper();
  return {
    layoutLine(text, fontAt) {
      const levels = shaper.levels(text);
      const sameRun = (index: number, first: number) => levels[index] === levels[first] && fontAt[index] === fontAt[first];
      const segments = spans(text.length, sameRun).map(({ start, end }) => {
        const font = fontAt[start] as ExportFont;
        const level = levels[start] ?? 0;
        const rtl = level % 2 === 1;
        const shape = rtl || needsComplexLayout(text.slice(start, end));
        return { level, run: shape ? shapedRun(shaper, font, text, start, end, rtl) : simpleRun(font, text.slice(start, end)) };
      });
      return visualOrder(segments).map((segment) => segment.run);
    },
  };
}
