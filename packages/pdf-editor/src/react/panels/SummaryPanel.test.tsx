// The summary panel as a user meets it beside the toolbar and the page navigation: the toolbar's
// Summary button opens it, it lists the document's key sentences each with "Page N", a sentence's
// button goes to its page, Escape closes it; a gate that prompts keeps it closed.
import { act } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { PDF, StandardFonts } from '../../core/pdf/engine';
import type { Gate } from '../../core/index';
import { createEditor } from '../../editor/index';
import { renderInDocument } from '../../test-support/renderInDocument';
import { EditorProvider } from '../context';
import { PageNavigation } from '../viewer/PageNavigation';
import { SummaryPanel } from './SummaryPanel';
import { Toolbar } from './Toolbar';
import { usePdfjsWorkerInNode } from '../../test-support/pdfjsInNode';

// pdf.js reads the text in Node here, as in the editor's tests; happy-dom draws no pages.
beforeAll(async () => {
  await usePdfjsWorkerInNode();
});

const PAGES = [
  ['Bees pollinate most of the flowering plants that farms grow.', 'Without bees many fruit harvests on farms would shrink.', 'Wild bees nest in hedges beside the farms.'],
  ['The printer on the second floor was out of paper.', 'Farmers rent hives of bees to pollinate their orchards.', 'Bees carry pollen from flower to flower on farms.'],
];

async function twoPages(): Promise<Uint8Array> {
  const pdf = PDF.create();
  for (const lines of PAGES) {
    const page = pdf.addPage({ width: 612, height: 792 });
    lines.forEach((line, at) => page.drawText(line, { x: 72, y: 700 - at * 20, size: 12, font: StandardFonts.Helvetica }));
  }
  return pdf.save();
}

async function waitFor(done: () => boolean): Promise<void> {
  for (let tries = 0; !done(); tries++) {
    if (tries > 500) throw new Error('Timed out');
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
}

async function mount(gate?: Gate) {
  const prompts: string[] = [];
  const editor = createEditor({ file: await twoPages(), signatureStore: null, gate, onGatePrompt: (decision) => void prompts.push(decision.message) });
  editor.mount();
  editor.document.attach();
  const { container } = renderInDocument(
    <EditorProvider editor={editor}>
      <Toolbar />
      <PageNavigation />
      <SummaryPanel />
    </EditorProvider>,
  );
  const summaryButton = () => [...container.querySelectorAll<HTMLButtonElement>('.mg-toolbar button')].find((button) => button.textContent === 'Summary');
  await waitFor(() => summaryButton()?.disabled === false && editor.document.getState().status === 'ready');
  const panel = () => container.querySelector<HTMLElement>('section[aria-label="Summary"]');
  return { editor, container, summaryButton, panel, prompts };
}

describe('the summary panel', () => {
  it('must list the key sentences with their pages, go to a sentence’s page, and close on Escape', async () => {
    const { summaryButton, panel, editor } = await mount();
    expect(panel()).toBeNull();
    await act(async () => summaryButton()?.click());
    expect(summaryButton()?.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => (panel()?.querySelectorAll('li').length ?? 0) > 0);
    const items = [...(panel()?.querySelectorAll<HTMLButtonElement>('li button') ?? [])];
    const texts = items.map((item) => item.querySelector('.mg-summary-text')?.textContent);
    expect(texts).toContain('Farmers rent hives of bees to pollinate their orchards.');
    expect(texts).not.toContain('The printer on the second floor was out of paper.');
    const farmers = items.find((item) => item.textContent?.startsWith('Farmers'));
    expect(farmers?.querySelector('.mg-summary-page')?.textContent).toBe('Page 2');
    expect(farmers?.getAttribute('aria-label')).toBe('Go to page 2: Farmers rent hives of bees to pollinate their orchards.');
    expect(panel()?.querySelector('[role="status"]')?.textContent).toBe('');
    expect(panel()?.textContent).toContain('Key sentences from the document');

    await act(async () => farmers?.click());
    expect(editor.getState().currentPage).toBe(2);

    await act(async () => panel()?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(panel()).toBeNull();
    expect(summaryButton()?.getAttribute('aria-pressed')).toBe('false');
  });

  it('must stay closed and show the host’s prompt when the gate makes it a Pro feature', async () => {
    const gate: Gate = { check: (action) => (action.type === 'summary' ? { prompt: 'pro-feature', message: 'Upgrade to Pro to use this feature' } : 'allow') };
    const { summaryButton, panel, prompts } = await mount(gate);
    await act(async () => summaryButton()?.click());
    expect(panel()).toBeNull();
    expect(prompts).toEqual(['Upgrade to Pro to use this feature']);
  });
});
