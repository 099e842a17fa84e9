// Find in the document as a find bar drives it, with pdf.js in Node on PDFs made here: counts as
// poppler's pdftotext counts, options, boxes where the words are (upright and on a turned page),
// progress, a new search stopping the last, and "Mark all" as one undo step.
import { beforeAll, describe, expect, it } from 'vitest';
import { PDF, StandardFonts } from '../../core/pdf/engine';
import { pdfText } from '../../test-support/pdfTools';
import { createEditor } from '../createEditor';
import { findInText } from './findText';
import { until, usePdfjsWorkerInNode } from '../../test-support/pdfjsInNode';

const LINES = ['Trace trees are the unit of compilation.', 'A trace tree grows: TRACE TREES, trace-trees and retraced trees.', 'Nothing to see on this line.'];

/** Three letter pages of text; the third turned a quarter (/Rotate 90). */
async function textPdf(): Promise<Uint8Array> {
  const pdf = PDF.create();
  for (let index = 0; index < 3; index++) {
    const page = pdf.addPage({ width: 612, height: 792 });
    LINES.forEach((line, at) => page.drawText(line, { x: 72, y: 700 - at * 40, size: 14, font: StandardFonts.Helvetica }));
    if (index === 2) page.setRotation(90);
  }
  return pdf.save();
}

async function openEditor(bytes: Uint8Array) {
  const editor = createEditor({ file: bytes, signatureStore: null });
  editor.mount();
  editor.document.attach();
  await until(() => editor.document.getState().status === 'ready');
  return editor;
}

beforeAll(async () => {
  await usePdfjsWorkerInNode();
});

describe('findInText', () => {
  it('ignores case unless asked, matches whole words when asked, and reads runs of spaces as one', () => {
    const text = 'Trace trees, TRACE  trees and retraced trees';
    expect(findInText(text, 'trace trees')).toEqual([[0, 11], [13, 25]]);
    expect(findInText(text, 'trace trees', { matchCase: true })).toEqual([]);
    expect(findInText(text, 'trace', { wholeWords: true }).length).toBe(2);
    expect(findInText(text, 'trace').length).toBe(3);
    expect(findInText(text, '   ')).toEqual([]);
  });
});

describe('editor.find', () => {
  it('finds what poppler finds, with boxes on the words, upright and on a turned page', async () => {
    const bytes = await textPdf();
    const editor = await openEditor(bytes);
    const progress: number[] = [];
    editor.find.subscribe((state) => progress.push(state.searched));
    const matches = await editor.find.search('trace trees');
    const popplerCount = ((await pdfText(bytes)).toLowerCase().replace(/\s+/g, ' ').match(/trace trees/g) ?? []).length;
    expect(matches.length).toBe(popplerCount);
    expect(matches.map(({ page }) => page)).toEqual([1, 1, 2, 2, 3, 3]);
    expect(progress).toContain(3);
    expect(editor.find.getState()).toMatchObject({ status: 'done', current: 0, query: 'trace trees' });
    // "Trace trees" starts the first line: 72 pt in, the baseline 700 pt up a 792 pt page (92 pt down).
    const [first] = matches[0]?.rects ?? [];
    expect(first?.x).toBeCloseTo(72, 0);
    expect(first!.y).toBeLessThan(92);
    expect(first!.y + first!.height).toBeGreaterThan(92);
    expect(first!.width).toBeGreaterThan(60);
    expect(first!.width).toBeLessThan(90);
    // The turned page shows the line running down its left side: a tall, narrow box.
    const [turned] = matches[4]?.rects ?? [];
    expect(turned!.height).toBeGreaterThan(turned!.width);
  });

  it('makes the first match from the page in view current as soon as it is found, before the last page is searched', async () => {
    const editor = await openEditor(await textPdf());
    editor.goToPage(2);
    const seen: { current: number; status: string; searched: number }[] = [];
    editor.find.subscribe(({ current, status, searched }) => seen.push({ current, status, searched }));
    await editor.find.search('trace trees');
    const firstShown = seen.find(({ current }) => current >= 0);
    expect(firstShown).toEqual({ current: 2, status: 'searching', searched: 1 });
    expect(editor.getState().currentPage).toBe(2);
    expect(editor.find.getState()).toMatchObject({ status: 'done', current: 2 });
    expect(editor.find.getState().matches).toHaveLength(6);
  });

  it('steps through the matches round both ends, each time on its page', async () => {
    const editor = await openEditor(await textPdf());
    await editor.find.search('TRACE TREES', { matchCase: true });
    expect(editor.find.getState().matches.map(({ page }) => page)).toEqual([1, 2, 3]);
    editor.find.next();
    expect(editor.find.getState().current).toBe(1);
    expect(editor.getState().currentPage).toBe(2);
    editor.find.next();
    editor.find.next();
    expect(editor.find.getState().current).toBe(0);
    editor.find.previous();
    expect(editor.find.getState().current).toBe(2);
    expect(editor.getState().currentPage).toBe(3);
  });

  it('stops a search when another starts, and clears', async () => {
    const editor = await openEditor(await textPdf());
    const first = editor.find.search('trace');
    const second = editor.find.search('nothing', { wholeWords: true });
    expect(await first).toEqual([]);
    expect((await second).length).toBe(3);
    expect(editor.find.getState().query).toBe('nothing');
    editor.find.clear();
    expect(editor.find.getState()).toMatchObject({ status: 'idle', matches: [], current: -1 });
  });

  it('marks every match in one undo step', async () => {
    const editor = await openEditor(await textPdf());
    await editor.find.search('trace trees');
    expect(editor.find.markAll('highlight')).toBe(6);
    const marks = editor.getAnnotations();
    expect(marks.map(({ type }) => type)).toEqual(Array(6).fill('highlight'));
    expect(marks.every((mark) => 'rects' in mark && mark.rects?.length === 1)).toBe(true);
    editor.undo();
    expect(editor.getAnnotations()).toEqual([]);
  });
});
