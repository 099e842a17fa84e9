// The offline summary: the document's key sentences, picked from its own text (extractive), with
// the page each starts on, in reading order. Pure and synchronous, with no model: the editor runs
// it on the text pdf.js extracts, a server or a script on any text it has.
import { documentSentences, type DocumentSentence, type SummaryPage } from './sentences';
import { DEFAULT_SUMMARY_SENTENCES, MAX_SUMMARY_SENTENCES } from './limits';
import { rankSentences } from './rank';

/** Options of `summarizeText`. */
export interface SummarizeOptions {
  /** How many sentences at most. Default 5. */
  sentences?: number;
}

/** A sentence of a summary and the page it comes from (from 1). */
export interface SummarySentence {
  text: string;
  page: number;
}

/** Input `summarizeText` cannot use; `issues` say which page or option, and why. */
export class SummaryInputError extends Error {
  override readonly name = 'SummaryInputError';
  constructor(readonly issues: readonly string[]) {
    super(`Invalid summary input: ${issues.join('; ')}`);
  }
}


// A sentence worth showing: between 6 and 80 words, ending as a sentence ends (not a heading, a
// figure's labels run together, a list's fragment), mostly letters (not a table row, a reference
// list entry or a formula), with a lower-case word (not a heading in capitals).
const MIN_WORDS = 6;
const MAX_WORDS = 80;
function isProse(sentence: string): boolean {
  const words = sentence.split(' ');
  if (words.length < MIN_WORDS || words.length > MAX_WORDS || !/[.!?]["'”’)\]]*$/u.test(sentence)) return false;
  const visible = sentence.replace(/\s/g, '');
  const letters = visible.match(/\p{L}/gu)?.length ?? 0;
  return letters / visible.length >= 0.7 && /\b\p{Ll}{3,}\b/u.test(sentence);
}

function validate(pages: unknown, options: unknown): asserts pages is SummaryPage[] {
  const issues: string[] = [];
  if (!Array.isArray(pages)) issues.push('pages: expected an array of { page, text }');
  else {
    pages.forEach((entry: unknown, index) => {
      if (typeof entry !== 'object' || entry === null) return issues.push(`pages[${index}]: expected { page, text }`);
      const { page, text } = entry as { page?: unknown; text?: unknown };
      if (typeof page !== 'number' || !Number.isInteger(page) || page < 1) issues.push(`pages[${index}].page: expected a whole number from 1`);
      if (typeof text !== 'string') issues.push(`pages[${index}].text: expected a string`);
    });
  }
  const count = (options as SummarizeOptions | undefined)?.sentences;
  if (count !== undefined && (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_SUMMARY_SENTENCES)) {
    issues.push(`sentences: expected a whole number from 1 to ${MAX_SUMMARY_SENTENCES}`);
  }
  if (issues.length > 0) throw new SummaryInputError(issues);
}

/**
 * The key sentences of a document, in reading order, each with the page it starts on. Every
 * sentence is the document's own text, with words hyphenated at a line's end joined and white
 * space read as single spaces; running heads, footers and page numbers are never picked.
 * A document without prose (a scan before OCR, a drawing) has an empty summary.
 *
 * @throws SummaryInputError when `pages` is not a list of `{ page, text }` or `sentences` is not
 * a whole number from 1 to 50.
 *
 * @example
 * const summary = summarizeText([{ page: 1, text: 'First page text…' }, { page: 2, text: '…' }], { sentences: 3 });
 * // [{ text: 'A key sentence.', page: 2 }, …]
 */
export function summarizeText(pages: readonly SummaryPage[], options: SummarizeOptions = {}): SummarySentence[] {
  validate(pages, options);
  const count = options.sentences ?? DEFAULT_SUMMARY_SENTENCES;
  const all = documentSentences(pages);
  const prose = all.filter((sentence) => isProse(sentence.text));
  // A short note may have no sentence long enough to be "prose": then its sentences are all there is.
  const candidates: DocumentSentence[] = prose.length > 0 ? prose : all.filter((sentence) => /\p{L}/u.test(sentence.text));
  const picked = rankSentences(
    candidates.map((sentence) => sentence.text),
    count,
  );
  return picked.sort((a, b) => a - b).map((index) => ({ ...(candidates[index] as DocumentSentence) }));
}
