// POST /api/documents/{id}/summary: the document's text, page by page, as the app's editor read it,
// and the summary a language model wrote from it. Bounded, so one request cannot send a model (or
// the server's memory) an unbounded book: a longer document is summarized offline in the browser.
import * as z from 'zod';

/** The most characters of text a summary request may carry, all pages together (~100,000 tokens). */
export const SUMMARY_MAX_TEXT_CHARS = 400_000;
/** The most pages a summary request may carry. */
export const SUMMARY_MAX_PAGES = 5_000;
/** The most sentences a summary may have. */
export const SUMMARY_MAX_SENTENCES = 50;

/** The `code` of the answer when the server has no summary service (501): summarize offline instead. */
export const SUMMARY_NOT_CONFIGURED = 'SUMMARY_NOT_CONFIGURED';
/** The `code` of the answer when the summary service failed or answered nonsense (502). */
export const SUMMARY_SERVICE_FAILED = 'SUMMARY_SERVICE_FAILED';

export const summaryRequest = z.object({
  pages: z
    .array(
      z.object({
        page: z.number({ error: 'page must be a page number' }).int('page must be a whole number').min(1, 'page must be 1 or more'),
        text: z.string({ error: 'text must be the page\'s text' }),
      }),
      { error: 'pages must be a list of { page, text }' },
    )
    .min(1, 'pages must hold at least one page')
    .max(SUMMARY_MAX_PAGES, `pages must hold at most ${SUMMARY_MAX_PAGES} pages`)
    .refine(
      (pages) => pages.reduce((total, page) => total + page.text.length, 0) <= SUMMARY_MAX_TEXT_CHARS,
      `the pages' text must be at most ${SUMMARY_MAX_TEXT_CHARS} characters in all`,
    ),
  sentences: z
    .number({ error: 'sentences must be a number' })
    .int('sentences must be a whole number')
    .min(1, 'sentences must be 1 or more')
    .max(SUMMARY_MAX_SENTENCES, `sentences must be at most ${SUMMARY_MAX_SENTENCES}`)
    .default(5),
});
export type SummaryRequest = z.input<typeof summaryRequest>;

/** A summary's sentence and the page it comes from (from 1). */
export interface SummarySentenceBody {
  text: string;
  page: number;
}

export interface SummaryResponse {
  sentences: SummarySentenceBody[];
}
