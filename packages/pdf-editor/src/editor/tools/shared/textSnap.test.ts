// The markup tools scripted like a user over real page text: the words poppler finds on the page
// stand in for the viewer's text layer. A thin swipe along a line marks that line from the start
// to the end of the swipe; a drag down across lines marks them as a reader selects text.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MarkupAnnotation, Rect } from '../../../core/index';
import { pdfWords } from '../../../test-support/pdfTools';
import { hasSharedPdfs, readSharedPdf } from '../../../test-support/sharedPdfs';
import { createTestEditor } from '../../../test-support/testEditor';

const MARKUP_TOOLS = ['highlight', 'underline', 'strikethrough', 'squiggly'] as const;

async function wordBoxes(pdf: Uint8Array, page: number): Promise<(Rect & { text: string })[]> {
  return (await pdfWords(pdf, page)).map((w) => ({ x: w.xMin, y: w.yMin, width: w.xMax - w.xMin, height: w.yMax - w.yMin, text: w.text }));
}

/** The glyph box of the line holding `word`: the union of the words on its baseline. */
function lineOf(words: readonly Rect[], word: Rect): { top: number; bottom: number; left: number; right: number } {
  const onLine = words.filter((w) => Math.abs(w.y + w.height - (word.y + word.height)) < 1);
  return {
    top: Math.min(...onLine.map((w) => w.y)),
    bottom: Math.max(...onLine.map((w) => w.y + w.height)),
    left: Math.min(...onLine.map((w) => w.x)),
    right: Math.max(...onLine.map((w) => w.x + w.width)),
  };
}

const rectsOf = (annotation: unknown) => (annotation as MarkupAnnotation).rects ?? [];

describe('markup tools on a PDF made with known text', () => {
  const LINES = ['The quick brown fox jumps over the lazy dog.', 'Pack my box with five dozen liquor jugs.', 'How vexingly quick daft zebras jump!'];
  let words: (Rect & { text: string })[];

  beforeAll(async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    // 12 pt text on 16 pt baselines at the page's top left (baselines 100, 116, 132 from the top).
    LINES.forEach((line, index) => page.drawText(line, { x: 72, y: 792 - 100 - 16 * index, size: 12, font }));
    words = await wordBoxes(await doc.save(), 1);
  });

  it.each(MARKUP_TOOLS)('must mark a line from the start to the end of a 2-point %s swipe through its middle', (tool) => {
    const second = lineOf(words, words.find((w) => w.text === 'Pack') as Rect);
    const middle = (second.top + second.bottom) / 2;
    const editor = createTestEditor({ textSpans: () => words }).setTool(tool);
    editor.drag([100, middle - 1], [200, middle + 1]);
    expect(editor.annotations).toHaveLength(1);
    const [mark] = editor.annotations;
    expect(mark?.type).toBe(tool);
    expect(rectsOf(mark)).toEqual([{ x: 100, y: second.top, width: 100, height: second.bottom - second.top }]);
    // The mark's box is its one line, not the 100 x 2 sliver the drag drew.
    expect(mark).toMatchObject({ position: { x: 100, y: second.top }, width: 100, height: second.bottom - second.top });
  });

  it('must stop a swipe that runs past the text at the end of the line', () => {
    const first = lineOf(words, words.find((w) => w.text === 'The') as Rect);
    const editor = createTestEditor({ textSpans: () => words }).setTool('highlight');
    const y = (first.top + first.bottom) / 2;
    editor.drag([40, y], [580, y + 2]);
    expect(rectsOf(editor.annotations[0])).toEqual([{ x: first.left, y: first.top, width: first.right - first.left, height: first.bottom - first.top }]);
  });

  it('must mark the three lines a near-vertical drag crosses, as a reader selects them', () => {
    const [first, second, third] = ['The', 'Pack', 'How'].map((text) => lineOf(words, words.find((w) => w.text === text) as Rect));
    if (!first || !second || !third) throw new Error('the made PDF lacks its lines');
    const editor = createTestEditor({ textSpans: () => words }).setTool('underline');
    editor.drag([150, (first.top + first.bottom) / 2], [156, (third.top + third.bottom) / 2]);
    expect(rectsOf(editor.annotations[0])).toEqual([
      { x: 150, y: first.top, width: first.right - 150, height: first.bottom - first.top },
      { x: second.left, y: second.top, width: second.right - second.left, height: second.bottom - second.top },
      { x: third.left, y: third.top, width: 156 - third.left, height: third.bottom - third.top },
    ]);
  });

  it('must leave a drag that touches no text a free box', () => {
    const editor = createTestEditor({ textSpans: () => words }).setTool('highlight').drag([100, 400], [200, 420]);
    expect(editor.annotations[0]).toMatchObject({ position: { x: 100, y: 400 }, width: 100, height: 20 });
    expect(editor.annotations[0]).not.toHaveProperty('rects');
  });
});

describe.skipIf(!hasSharedPdfs)('markup tools on tracemonkey.pdf', () => {
  let words: (Rect & { text: string })[];

  beforeAll(async () => {
    words = await wordBoxes(readSharedPdf('tracemonkey.pdf'), 1);
  });

  it('must mark one line of the two-column body from a 2-point swipe, not its neighbours or the other column', () => {
    // "Abstract" heads the left column; the word under it starts the first line of the abstract.
    const abstract = words.find((w) => w.text === 'Abstract') as Rect;
    const firstWord = words.filter((w) => w.x < 300 && w.y > abstract.y + abstract.height).sort((a, b) => a.y - b.y || a.x - b.x)[0] as Rect;
    const line = lineOf(
      words.filter((w) => w.x < 306),
      firstWord,
    );
    const middle = (line.top + line.bottom) / 2;
    const editor = createTestEditor({ textSpans: () => words }).setTool('highlight');
    editor.drag([line.left + 10, middle - 1], [line.left + 120, middle + 1]);
    expect(rectsOf(editor.annotations[0])).toEqual([{ x: line.left + 10, y: line.top, width: 110, height: line.bottom - line.top }]);
  });

  it('must mark three whole lines of the left column when a drag runs down it, none of the right column', () => {
    const abstract = words.find((w) => w.text === 'Abstract') as Rect;
    const left = words.filter((w) => w.x < 306 && w.y > abstract.y + abstract.height);
    const baselines = [...new Set(left.map((w) => Math.round(w.y + w.height)))].sort((a, b) => a - b).slice(0, 3);
    const lines = baselines.map((b) => lineOf(left, left.find((w) => Math.round(w.y + w.height) === b) as Rect));
    const [first, second, third] = lines;
    if (!first || !second || !third) throw new Error('the abstract has fewer than three lines');
    const editor = createTestEditor({ textSpans: () => words }).setTool('strikethrough');
    editor.drag([first.left + 30, (first.top + first.bottom) / 2], [first.left + 34, (third.top + third.bottom) / 2]);
    const rects = rectsOf(editor.annotations[0]);
    expect(rects.map((r) => [r.y, r.y + r.height])).toEqual(lines.map((l) => [l.top, l.bottom]));
    expect(rects[0]?.x).toBe(first.left + 30);
    expect(rects[1]).toMatchObject({ x: second.left, width: second.right - second.left });
    expect(rects.every((r) => r.x + r.width < 306)).toBe(true);
  });
});
