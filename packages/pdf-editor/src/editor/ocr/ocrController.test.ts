// editor.ocr in Node, where the recogniser's files come from the installed packages: a scanned page
// recognised becomes the document's next revision as one undo step (undo gives the scan back byte
// for byte), a cancelled run changes nothing, and a failure is in the state and goes to onError.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scannedPdf } from '../../../bench/scannedPdf.mjs';
import { pdfText } from '../../test-support/pdfTools';
import { createEditor } from '../createEditor';
import type { EditorErrorSource } from '../options';
import type { Editor } from '../types';
import { until, usePdfjsWorkerInNode } from '../../test-support/pdfjsInNode';

let scan: Uint8Array;
const dir = mkdtempSync(join(tmpdir(), 'marginalia-ocr-editor-'));

beforeAll(async () => {
  await usePdfjsWorkerInNode();
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]).drawText('Marginalia reads scanned letters quickly', { x: 60, y: 700, size: 20 });
  writeFileSync(join(dir, 'text.pdf'), await pdf.save());
  scan = scannedPdf(join(dir, 'text.pdf'), { pages: [1], dpi: 300, skew: 0.5 });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function loaded(errors: [Error, EditorErrorSource][] = []): Promise<{ editor: Editor; unmount: () => void }> {
  const editor = createEditor({ file: scan.slice(), signatureStore: null, onError: (error, during) => errors.push([error, during]) });
  const unmount = editor.mount();
  await until(() => Boolean(editor.getState().pdf), { tries: 400, message: 'The file did not load' });
  return { editor, unmount };
}

describe('editor.ocr', () => {
  it('must make the recognised PDF the next revision, as one undo step', async () => {
    const { editor, unmount } = await loaded();
    const seen: string[] = [];
    editor.ocr.subscribe((state) => seen.push(`${state.status} ${state.done}/${state.total}`));
    expect(await editor.ocr.run()).toBe(true);
    expect(seen).toEqual(['running 0/0', 'running 0/1', 'running 1/1', 'done 1/1']);
    const text = (await pdfText(editor.getState().pdf!.bytes())).replace(/\s+/g, ' ');
    expect(text).toContain('scanned letters');
    expect(editor.store.history.undoCount).toBe(1);
    editor.undo();
    expect(editor.getState().pdf!.bytes()).toEqual(scan);
    unmount();
  }, 120_000);

  it('must ask the gate, and run nothing when it prompts instead', async () => {
    const prompts: string[] = [];
    const editor = createEditor({
      file: scan.slice(),
      signatureStore: null,
      gate: { check: (action) => (action.type === 'ocr' ? { prompt: 'pro-feature', message: 'Upgrade to Pro to use this feature' } : 'allow') },
      onGatePrompt: ({ prompt, message }) => prompts.push(`${prompt}: ${message}`),
    });
    const unmount = editor.mount();
    await until(() => Boolean(editor.getState().pdf), { tries: 400, message: 'The file did not load' });
    expect(await editor.ocr.run()).toBe(false);
    expect(prompts).toEqual(['pro-feature: Upgrade to Pro to use this feature']);
    expect(editor.ocr.getState().status).toBe('idle');
    expect(editor.getState().pdf!.bytes()).toEqual(scan);
    unmount();
  });

  it('must let the summary read a scanned document once its text is recognised', async () => {
    const { editor, unmount } = await loaded();
    editor.document.attach();
    await until(() => editor.document.getState().status === 'ready');
    expect(await editor.summary.summarize()).toEqual([]);
    const scanned = editor.document.getState().pdf;
    expect(await editor.ocr.run()).toBe(true);
    await until(() => editor.document.getState().status === 'ready' && editor.document.getState().pdf !== scanned);
    const sentences = await editor.summary.summarize();
    expect(sentences.map(({ text }) => text).join(' ')).toMatch(/scanned letters/);
    expect(sentences.every(({ page }) => page === 1)).toBe(true);
    unmount();
  }, 120_000);

  it('must leave the document as it was when cancelled', async () => {
    const { editor, unmount } = await loaded();
    const running = editor.ocr.run();
    editor.ocr.cancel();
    expect(await running).toBe(false);
    expect(editor.ocr.getState().status).toBe('cancelled');
    expect(editor.getState().canUndo).toBe(false);
    expect(editor.getState().pdf!.bytes()).toEqual(scan);
    unmount();
  });

  it('must put a failure in its state and hand it to onError as ocr', async () => {
    const errors: [Error, EditorErrorSource][] = [];
    const { editor, unmount } = await loaded(errors);
    expect(await editor.ocr.run({ languages: ['xyz'] })).toBe(false);
    expect(editor.ocr.getState()).toMatchObject({ status: 'failed', error: { name: 'OcrLanguageError' } });
    expect(errors.map(([error, during]) => [error.name, during])).toEqual([['OcrLanguageError', 'ocr']]);
    expect(editor.getState().canUndo).toBe(false);
    unmount();
  });
});
