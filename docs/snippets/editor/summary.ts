import { createEditor, type SummaryProvider } from '@marginalia/pdf-editor/editor';

// #region provider
// The host's own summary, e.g. a language model behind its server; null means "not now": the
// editor then makes its offline summary.
const summaryProvider: SummaryProvider = {
  async summarize({ pages, sentences }, { signal }) {
    const response = await fetch('/my-api/summary', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ pages, sentences }),
      signal,
    });
    if (response.status === 501) return null;
    if (!response.ok) throw new Error(`Summary failed (${response.status})`);
    return ((await response.json()) as { sentences: { text: string; page: number }[] }).sentences;
  },
};
// #endregion

// #region editor
const editor = createEditor({
  file: '/report.pdf',
  summaryProvider,
  // A Pro feature of the host's: the gate is asked { type: 'summary' } when the panel opens.
  gate: { check: (action) => (action.type === 'summary' ? { prompt: 'pro-feature', message: 'Upgrade to Pro to use this feature' } : 'allow') },
});
editor.summary.subscribe(({ status, read, pageCount, sentences, source }) => {
  if (status === 'reading') console.log(`Reading page ${read} of ${pageCount}`);
  if (status === 'done') console.log(source, sentences.map(({ text, page }) => `p. ${page}: ${text}`));
});
if (!editor.summary.open()) console.log('the gate said no');
const sentences = await editor.summary.summarize({ sentences: 8 }); // a new run stops the last
const [first] = sentences;
if (first) editor.summary.goTo(first); // scrolls to its page
editor.summary.cancel(); // stops a run: its promise rejects with an AbortError
// #endregion
