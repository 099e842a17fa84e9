// The document's summary as a summary panel drives it, with pdf.js in Node on a PDF made here:
// the offline sentences are the document's own (as poppler reads it) on the pages they name,
// progress page by page, a stop, a host's provider (and its null: not available), the gate, and
// a new document forgetting the last one's summary.
import { beforeAll, describe, expect, it } from 'vitest';
import { PDF, StandardFonts } from '../../core/pdf/engine';
import { pdfText } from '../../test-support/pdfTools';
import { hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';
import { createEditor } from '../createEditor';
import type { EditorOptions } from '../options';
import type { SummaryInput, SummaryProvider } from './summaryController';
import { until, usePdfjsWorkerInNode } from '../../test-support/pdfjsInNode';

const PARAGRAPHS = [
  ['Wind turbines turn the energy of moving air into electricity.', 'The blades of wind turbines are shaped like the wings of an aircraft.', 'A farm of wind turbines can supply a small town with electricity.'],
  ['The committee met on a rainy Tuesday afternoon.', 'Offshore wind turbines catch stronger and steadier wind than turbines on land.', 'Maintenance of offshore wind turbines needs ships and trained crews.'],
  ['Storage of electricity from wind turbines evens out calm days.', 'Lunch was served at noon in the main hall.', 'Wind power is now one of the cheapest sources of electricity.'],
];

/** Three pages of prose about wind power, each with the same running head and its page number. */
async function reportPdf(): Promise<Uint8Array> {
  const pdf = PDF.create();
  const font = StandardFonts.Helvetica;
  PARAGRAPHS.forEach((lines, index) => {
    const page = pdf.addPage({ width: 612, height: 792 });
    page.drawText('Renewable Energy Review', { x: 72, y: 750, size: 10, font });
    lines.forEach((line, at) => page.drawText(line, { x: 72, y: 700 - at * 20, size: 11, font }));
    page.drawText(String(index + 1), { x: 300, y: 40, size: 10, font });
  });
  return pdf.save();
}

/** Reading text as a person compares it: white space as single spaces. */
const reading = (text: string) => text.replace(/\s+/g, ' ');

async function openEditor(bytes: Uint8Array, options: EditorOptions = {}) {
  const editor = createEditor({ file: bytes, signatureStore: null, ...options });
  editor.mount();
  editor.document.attach();
  await until(() => editor.document.getState().status === 'ready');
  return editor;
}

beforeAll(async () => {
  await usePdfjsWorkerInNode();
});

describe('editor.summary', () => {
  it('opens and summarizes offline: the document’s own sentences, on their pages, never the running head', async () => {
    const bytes = await reportPdf();
    const editor = await openEditor(bytes);
    const progress: number[] = [];
    editor.summary.subscribe((state) => {
      if (state.status === 'reading' && progress.at(-1) !== state.read) progress.push(state.read);
    });
    expect(editor.summary.open()).toBe(true);
    await until(() => editor.summary.getState().status === 'done');
    const { sentences, source, open, pageCount } = editor.summary.getState();
    expect({ open, source, pageCount }).toEqual({ open: true, source: 'offline', pageCount: 3 });
    expect(progress).toEqual(expect.arrayContaining([1, 2, 3]));
    expect(sentences.length).toBe(5);
    for (const sentence of sentences) {
      expect(reading(await pdfText(bytes, sentence.page))).toContain(sentence.text);
      expect(sentence.text).not.toContain('Renewable Energy Review');
    }
    // The two sentences that are not about wind power are not key.
    expect(sentences.map((sentence) => sentence.text)).not.toContain('Lunch was served at noon in the main hall.');
    expect(sentences.map((sentence) => sentence.text)).not.toContain('The committee met on a rainy Tuesday afternoon.');

    editor.summary.goTo({ text: '', page: 3 });
    expect(editor.getState().currentPage).toBe(3);
    editor.summary.close();
    expect(editor.summary.getState()).toMatchObject({ open: false, status: 'done', sentences });
  });

  it.skipIf(!hasSharedPdfs)('summarizes tracemonkey.pdf with sentences poppler finds on the pages they name (skipped without ../shared/pdfs)', async () => {
    const bytes = readSharedPdf('tracemonkey.pdf');
    const editor = await openEditor(bytes);
    const sentences = await editor.summary.summarize({ sentences: 8 });
    expect(sentences.length).toBe(8);
    // pdf.js and poppler differ in spaces and line-end hyphens, not in letters and digits.
    const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
    const whole = letters(await pdfText(bytes));
    for (const sentence of sentences) {
      expect(whole).toContain(letters(sentence.text));
      expect(letters(await pdfText(bytes, sentence.page))).toContain(letters(sentence.text).slice(0, 30));
    }
  });

  it('asks the host’s provider with the pages’ text, and makes the offline summary when it answers null', async () => {
    const bytes = await reportPdf();
    const asked: SummaryInput[] = [];
    let answer: { text: string; page: number }[] | null = [{ text: 'Wind is cheap.', page: 3 }];
    const summaryProvider: SummaryProvider = {
      summarize: async (input) => {
        asked.push(input);
        return answer;
      },
    };
    const editor = await openEditor(bytes, { summaryProvider });
    expect(await editor.summary.summarize({ sentences: 2 })).toEqual([{ text: 'Wind is cheap.', page: 3 }]);
    expect(editor.summary.getState().source).toBe('provider');
    expect(asked[0]?.sentences).toBe(2);
    expect(asked[0]?.pages.map((page) => page.page)).toEqual([1, 2, 3]);
    expect(asked[0]?.pages[1]?.text).toContain('Offshore wind turbines catch stronger');

    answer = null;
    const offline = await editor.summary.summarize({ sentences: 2 });
    expect(offline.length).toBe(2);
    expect(editor.summary.getState().source).toBe('offline');

    answer = [{ text: 'Beyond the end.', page: 9 }];
    await expect(editor.summary.summarize()).rejects.toThrow(/pages from 1 to 3/);
    expect(editor.summary.getState()).toMatchObject({ status: 'error', error: expect.any(TypeError) });
  });

  it('stops when cancelled, and a provider hears the stop through its signal', async () => {
    const bytes = await reportPdf();
    let heard: AbortSignal | undefined;
    const summaryProvider: SummaryProvider = {
      summarize: (_input, { signal }) =>
        new Promise((_resolve, reject) => {
          heard = signal;
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
    };
    const editor = await openEditor(bytes, { summaryProvider });
    const running = editor.summary.summarize();
    await until(() => heard !== undefined);
    editor.summary.cancel();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(heard?.aborted).toBe(true);
    expect(editor.summary.getState().status).toBe('idle');
  });

  it('does not open when the gate prompts for it (a Pro feature), and tells the host', async () => {
    const prompts: string[] = [];
    const editor = await openEditor(await reportPdf(), {
      gate: { check: (action) => (action.type === 'summary' ? { prompt: 'pro-feature', message: 'Upgrade to Pro to use this feature' } : 'allow') },
      onGatePrompt: (decision, action) => prompts.push(`${decision.prompt}:${action.type}`),
    });
    expect(editor.summary.open()).toBe(false);
    expect(editor.summary.getState()).toMatchObject({ open: false, status: 'idle' });
    expect(prompts).toEqual(['pro-feature:summary']);
  });

  it('forgets the summary of the last document when another opens', async () => {
    const editor = await openEditor(await reportPdf());
    await editor.summary.summarize();
    const other = PDF.create();
    other.addPage({ width: 300, height: 300 });
    editor.setOptions({ ...editor.options, file: await other.save() });
    await until(() => editor.document.getState().status === 'ready' && editor.summary.getState().sentences.length === 0);
    expect(await editor.summary.summarize()).toEqual([]);
    expect(editor.summary.getState()).toMatchObject({ status: 'done', pageCount: 1, source: 'offline' });
  });
});
