// The on-screen overlay draws what the export will write: freehand strokes with the export's
// smoothing and text on the export's baselines.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDF } from '../../core/pdf/engine';
import { describe, expect, it } from 'vitest';
import { createFontSelector } from '../../test-support/fontSelector';
import { baselineOffset, TEXT_LINE_HEIGHT } from '../../core/internal';
import { CubicPathWriter, smoothPath } from '../../core/internal';
import { normalizeAnnotation } from '../../core/index';
import type { Annotation, FreehandAnnotation, Point, TextAnnotation } from '../../core/index';
import { drawAnnotation as draw } from '../../test-support/drawAnnotation';

/** Path data as commands, each with its numbers: 'M1,2 C3,4 5,6 7,8' → [['M', 1, 2], ['C', 3, ...]]. */
function commands(d: string): (string | number)[][] {
  return [...d.matchAll(/([MLCQZ])([^MLCQZ]*)/gi)].map(([, command, args]) => [
    command as string,
    ...(args?.match(/-?[\d.]+(?:e-?\d+)?/gi) ?? []).map(Number),
  ]);
}

function strokeCommands(points: Point[]): (string | number)[][] {
  const freehand = normalizeAnnotation({ type: 'freehand', page: 1, points }) as FreehandAnnotation;
  return commands(draw(freehand).querySelector('path')?.getAttribute('d') ?? '');
}

describe('freehand strokes on screen', () => {
  it('must be curves through the midpoints between samples, not a polyline through the samples', () => {
    const drawn = strokeCommands([{ x: 0, y: 0 }, { x: 30, y: 30 }, { x: 60, y: 0 }]);
    expect(drawn.map(([command]) => command)).toEqual(['M', 'C', 'L']);
    const [, curve, end] = drawn;
    // The quadratic (0,0) → control (30,30) → midpoint (45,15), raised to a cubic.
    [20, 20, 35, 25, 45, 15].forEach((value, i) => expect(curve?.[i + 1]).toBeCloseTo(value, 9));
    expect(end).toEqual(['L', 60, 0]);
  });

  it('must follow the path the export writes for the same stroke, segment by segment', () => {
    const points = Array.from({ length: 25 }, (_, i) => ({ x: 10 + i * 7.3, y: 200 + Math.sin(i / 2) * 40 }));
    const exported: (string | number)[][] = [];
    smoothPath(
      points,
      new CubicPathWriter({
        moveTo: (x, y) => exported.push(['M', x, y]),
        curveTo: (...xy) => exported.push(['C', ...xy]),
        lineTo: (x, y) => exported.push(['L', x, y]),
      }),
    );
    const drawn = strokeCommands(points);
    expect(drawn.map(([command]) => command)).toEqual(exported.map(([command]) => command));
    drawn.forEach((segment, i) =>
      segment.slice(1).forEach((value, j) => expect(value).toBeCloseTo(exported[i]?.[j + 1] as number, 9)),
    );
  });

  it('must show a single sample as the dot the export draws', () => {
    expect(strokeCommands([{ x: 5, y: 6 }])).toEqual([
      ['M', 5, 6],
      ['L', 5, 6],
    ]);
  });
});

// The export's own default, the bundled DejaVu Sans, given as bytes: under happy-dom the package
// cannot fetch its fonts folder by URL.
const fontsFolder = join(dirname(fileURLToPath(import.meta.url)), '../../../fonts');
const dejaVu = (file: string) => new Uint8Array(readFileSync(join(fontsFolder, file)));
const unicode = {
  regular: dejaVu('DejaVuSans.ttf'),
  bold: dejaVu('DejaVuSans-Bold.ttf'),
  italic: dejaVu('DejaVuSans-Oblique.ttf'),
  boldItalic: dejaVu('DejaVuSans-BoldOblique.ttf'),
};

/** Where the export puts the first baseline below the box's top, asking its font selector as drawText does. */
async function exportedBaselineOffset(text: Pick<TextAnnotation, 'content' | 'fontFamily' | 'fontSize' | 'fontWeight' | 'fontStyle'>) {
  const selector = createFontSelector(PDF.create(), { unicode });
  // Each case is one script, so one font draws the whole text.
  const [font] = await selector.fontsFor(text.content, {
    fontFamily: text.fontFamily,
    bold: text.fontWeight === 'bold',
    italic: text.fontStyle === 'italic',
  });
  return { offset: baselineOffset(font.metrics, text.fontSize), font: font.name };
}

describe('text on screen', () => {
  it.each([
    ['Arial', 12, 'normal', 'normal', 'Signed on 3 May'],
    ['Times New Roman', 16, 'bold', 'normal', 'Café – 5 €'],
    ['Courier New', 27.5, 'normal', 'italic', 'Total: 1,250.00'],
    ['Georgia', 9, 'bold', 'italic', 'Approved'],
    ['"Fira Mono", monospace', 20, 'normal', 'normal', 'code'],
    ['Verdana', 14, 'normal', 'normal', 'Ωμέγα and 日本'],
    ['Comic Sans MS', 40, 'bold', 'normal', 'Привет'],
  ] as const)('must put the baselines of %s at %s pt where the export puts them', async (fontFamily, fontSize, fontWeight, fontStyle, line) => {
    const text = normalizeAnnotation({
      type: 'text',
      page: 1,
      position: { x: 40, y: 100 },
      content: `${line}\nsecond line\nthird`,
      fontFamily,
      fontSize,
      fontWeight,
      fontStyle,
    }) as TextAnnotation;
    const svgText = draw(text).querySelector('text') as SVGTextElement;
    const lines = [...svgText.querySelectorAll('tspan')];
    let baseline = Number(svgText.getAttribute('y'));
    const baselines = lines.map((tspan) => (baseline += Number(tspan.getAttribute('dy'))));

    const exported = await exportedBaselineOffset(text);
    const first = text.position.y + exported.offset;
    const lineHeight = fontSize * TEXT_LINE_HEIGHT;
    expect(baselines).toHaveLength(3);
    [first, first + lineHeight, first + 2 * lineHeight].forEach((expected, i) => expect(baselines[i]).toBeCloseTo(expected, 9));
  });

  it('must place text drawn with the embedded Unicode font by that font, not by the standard one', async () => {
    const latin = await exportedBaselineOffset({ content: 'Plain', fontFamily: 'Arial', fontSize: 20, fontWeight: 'normal', fontStyle: 'normal' });
    const greek = await exportedBaselineOffset({ content: 'Ωμέγα', fontFamily: 'Arial', fontSize: 20, fontWeight: 'normal', fontStyle: 'normal' });
    expect(latin.font).toBe('Helvetica');
    expect(greek.font).toMatch(/DejaVu/);
    const dyOf = (content: string) => {
      const note = normalizeAnnotation({ type: 'text', page: 1, content, fontFamily: 'Arial', fontSize: 20 }) as Annotation;
      return Number(draw(note).querySelector('tspan')?.getAttribute('dy'));
    };
    expect(dyOf('Plain')).toBeCloseTo(latin.offset, 9);
    expect(dyOf('Ωμέγα')).toBeCloseTo(greek.offset, 9);
    expect(dyOf('Ωμέγα')).not.toBeCloseTo(dyOf('Plain'), 2);
  });
});
