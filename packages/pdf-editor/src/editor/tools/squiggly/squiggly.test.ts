// The squiggly tool scripted like a user on a real page: drag across the two title lines of
// tracemonkey.pdf (the words poppler finds stand in for the viewer's text layer), get
// one squiggly snapped to both lines, see its wave under those lines in the exported page; a click
// off text makes the default box, and the mark moves and undoes like any other.
import { beforeAll, describe, expect, it } from 'vitest';
import { exportPdf, type Rect } from '../../../core/index';
import { hasColorIn, pdfWords, renderPagePixels } from '../../../test-support/pdfTools';
import { hasSharedPdfs, readSharedPdf } from '../../../test-support/sharedPdfs';
import { createTestEditor } from '../../../test-support/testEditor';

describe.skipIf(!hasSharedPdfs)('the squiggly tool on tracemonkey.pdf', () => {
  let pdf: Uint8Array;
  let words: Rect[];

  beforeAll(async () => {
    pdf = readSharedPdf('tracemonkey.pdf');
    words = (await pdfWords(pdf, 1)).map((w) => ({ x: w.xMin, y: w.yMin, width: w.xMax - w.xMin, height: w.yMax - w.yMin }));
  });

  it('must mark the title lines a drag crosses with one squiggly, its wave under them on the page', async () => {
    const editor = createTestEditor({ textSpans: () => words });
    editor.setTool('squiggly');
    editor.state.actions.setStyle({ color: '#FF0000', strokeWidth: 1 });
    // "Trace-based Just-in-Time Type Specialization for Dynamic" / "Languages", dragged loosely.
    editor.drag([70, 75], [540, 112]);
    expect(editor.annotations).toHaveLength(1);
    const [mark] = editor.annotations;
    expect(mark).toMatchObject({ type: 'squiggly', page: 1, color: '#FF0000', strokeWidth: 1 });
    if (mark?.type !== 'squiggly') return;
    const rects = mark.rects ?? [];
    expect(rects.map((r) => [r.x, r.y + r.height, r.width].map(Math.round))).toEqual([
      [81, 95, 449],
      [264, 115, 83],
    ]);

    const scale = 4;
    const page = await renderPagePixels(await exportPdf(pdf, [mark], { mode: 'flatten' }), 1, 72 * scale);
    const red = { r: 255, g: 0, b: 0 };
    const inPoints = (x: number, y: number, width: number, height: number) =>
      hasColorIn(page, { x: x * scale, y: y * scale, width: width * scale, height: height * scale }, red, 60);
    for (const line of rects) {
      const bottom = line.y + line.height;
      // A 16 pt line: the wave is under 3.7 pt high (a sixth of the line and its stroke) and rests on the bottom.
      expect(inPoints(line.x + 1, bottom - 3.5, line.width - 2, 3.5), 'under the line').toBe(true);
      expect(inPoints(line.x, line.y, line.width, line.height - 4.5), 'over the words').toBe(false);
    }
    // Nothing past the second line's end: it is only "Languages".
    const second = rects[1] ?? { x: NaN, width: NaN };
    expect(inPoints(second.x + second.width + 2, 110, 100, 5), 'right of "Languages"').toBe(false);
  });

  it('must make the default 100 x 20 box on a click where there is no text, and move and undo as one mark', () => {
    const editor = createTestEditor({ textSpans: () => words }).setTool('squiggly');
    editor.click(300, 700);
    expect(editor.annotations[0]).toMatchObject({ type: 'squiggly', position: { x: 300, y: 700 }, width: 100, height: 20 });
    expect(editor.annotations[0]).not.toHaveProperty('rects');
    editor.setTool('select').click(350, 718).drag([350, 718], [360, 728]);
    expect(editor.annotations[0]).toMatchObject({ position: { x: 310, y: 710 } });
    editor.undo();
    expect(editor.annotations[0]).toMatchObject({ position: { x: 300, y: 700 } });
  });
});
