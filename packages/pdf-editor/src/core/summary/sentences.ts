// From the text of a document's pages to its sentences, each with the page it starts on. A PDF's
// text is laid out for print: words broken with a hyphen at a line's end, a running header or
// footer (title, page number) repeated on every page, sentences running over a page break. The
// reading text undoes those and nothing else, so every sentence is the document's own words.

/** One page's text as the document has it; lines end with "\n". */
export interface SummaryPage {
  /** The page's number, from 1. */
  page: number;
  text: string;
}

/** A sentence of the document and the page where it starts. */
export interface DocumentSentence {
  text: string;
  page: number;
}

// Words whose period does not end a sentence (compared lower-case, without the period). Kept to
// abbreviations common in the reports, papers and contracts people open in a PDF editor.
const ABBREVIATIONS = new Set([
  'e.g', 'i.e', 'etc', 'cf', 'vs', 'al', 'fig', 'figs', 'eq', 'eqs', 'sec', 'no', 'nos', 'vol', 'pp', 'p', 'ch', 'ed', 'eds',
  'mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'inc', 'ltd', 'co', 'corp', 'approx', 'dept', 'est', 'resp', 'ref', 'refs',
  'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec', 'art', 'para', 'u.s', 'u.k', 'ph.d',
]);

/** A header or footer line: its words with numbers blanked, so "Page 3 of 9" and "Page 4 of 9" match. */
const lineKey = (line: string) => line.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();

/** The most words a running head or footer has. */
const MAX_RUNNING_WORDS = 10;

/**
 * Short lines that repeat on many pages (on a third of them, three at least), numbers aside: running
 * heads and footers, a book's title on every other page, a printer's slug. They are not content,
 * wherever the text extraction put them on the page.
 */
function runningLines(pages: readonly string[][]): Set<string> {
  const seen = new Map<string, number>();
  for (const lines of pages) {
    for (const key of new Set(lines.map(lineKey))) {
      // A running head is a title or a name, not a sentence: long lines are content even when repeated.
      if (key.split(' ').length <= MAX_RUNNING_WORDS) seen.set(key, (seen.get(key) ?? 0) + 1);
    }
  }
  const threshold = Math.max(3, Math.ceil(pages.length / 3));
  return new Set([...seen].filter(([, count]) => count >= threshold).map(([key]) => key));
}

/** A line that is only a page or line number ("12", "- 3 -", "Page 4 of 9", "iv", "S32"). */
const isFolio = (line: string) => /^(?:page\s+)?(?:#|[ivxlc]+|[a-z]#)(?:\s*(?:of|\/)\s*#)?$/i.test(lineKey(line)) || /^[-–—\s]*#[-–—\s]*$/.test(lineKey(line));

/** The page's lines without running heads, footers and page numbers (empty lines kept: they break paragraphs). */
function contentLines(lines: string[], running: Set<string>): string[] {
  return lines.filter((line) => !line.trim() || (!running.has(lineKey(line)) && !isFolio(line)));
}

/** A list item's mark at the start of a line. */
const BULLET = /^[•▪◦●‣∙·■□➢►-]\s/u;

/**
 * Joins lines into running text: a word broken by a hyphen at a line's end is joined ("compila-" +
 * "tion" reads "compilation"; "well-" + "Known" keeps its hyphen), other line ends read as a space,
 * and runs of white space as one space. A paragraph break ("\n" in the result) comes at an empty
 * line, and after a short line that does not end in punctuation followed by one that starts with a
 * capital or a digit: a heading, a title, a list's item, which is no part of the next sentence.
 */
export function joinLines(lines: readonly string[]): string {
  const trimmed = lines.map((line) => line.replace(/\s+/g, ' ').trim());
  const lengths = trimmed.filter(Boolean).map((line) => line.length).sort((a, b) => a - b);
  const median = lengths[Math.floor(lengths.length / 2)] ?? 0;
  let text = '';
  let broken = false;
  trimmed.forEach((line, index) => {
    if (!line) {
      broken = text !== '';
      return;
    }
    // A list's item starts a paragraph of its own.
    if (BULLET.test(line)) broken = text !== '';
    if (!text) text = line;
    else if (broken) text = `${text}\n${line}`;
    else text = joinPair(text, line);
    const next = trimmed[index + 1] ?? '';
    broken = line.length < median * 0.6 && !/[.,;:!?\-–—]$/u.test(line) && /^["'“‘([]?[\p{Lu}\p{N}]/u.test(next);
  });
  return text;
}

/** `text` then `line`, joined as `joinLines` joins two lines. */
function joinPair(text: string, line: string): string {
  return text.endsWith('-') && /\p{Ll}/u.test(text.at(-2) ?? '') && /^\p{Ll}/u.test(line) ? text.slice(0, -1) + line : `${text} ${line}`;
}

/** Whether the period that ends `word` (its text before the period) is an abbreviation's or an initial's. */
function isAbbreviation(word: string): boolean {
  const bare = word.replace(/^[("'“‘[]+/u, '').toLowerCase();
  // "J. Smith", "U.S.", "No. 5": a single letter, a dotted acronym, a listed abbreviation.
  return /^\p{L}$/u.test(bare) || /^(?:\p{L}\.)+\p{L}$/u.test(bare) || ABBREVIATIONS.has(bare);
}

// Where a sentence may end: its mark (with closing quotes or brackets, and a footnote's number
// right after it: "marketplace.8 This"), white space, then what starts a sentence (a capital, a
// digit, an opening quote or bracket).
const BOUNDARY = /([.!?]+)(["'”’)\]]*)(\d{1,3})?\s+(?=["'“‘([]?[\p{Lu}\p{N}])/gu;

/**
 * Splits running text into sentences at ends of sentences, not at abbreviations, initials or
 * decimal points, and at paragraph breaks ("\n"). Each comes with its offset in `text`.
 */
export function splitSentences(text: string): { text: string; start: number }[] {
  const sentences: { text: string; start: number }[] = [];
  const add = (from: number, to: number) => {
    const sentence = text.slice(from, to);
    // A list item's mark is not part of its sentence.
    const trimmed = sentence.trim().replace(/^[•▪◦●‣∙·■□➢►]\s*/u, '');
    if (trimmed) sentences.push({ text: trimmed, start: from + sentence.indexOf(trimmed) });
  };
  let paragraph = 0;
  for (const part of text.split('\n')) {
    let start = 0;
    for (const match of part.matchAll(BOUNDARY)) {
      const end = match.index + (match[1]?.length ?? 0) + (match[2]?.length ?? 0);
      const before = part.slice(start, match.index).split(' ').pop() ?? '';
      // "3.5 Volts" is a decimal, not a footnote: only a word's sentence has one.
      if (match[3] && !/\p{L}$/u.test(before)) continue;
      if (match[1] === '.' && !match[2] && !match[3] && isAbbreviation(before)) continue;
      add(paragraph + start, paragraph + end);
      start = match.index + match[0].length;
    }
    add(paragraph + start, paragraph + part.length);
    paragraph += part.length + 1;
  }
  return sentences;
}

/**
 * The document's sentences in reading order, each with the page it starts on. Running heads,
 * footers and page numbers are left out; a sentence broken by a page break is read whole.
 */
export function documentSentences(pages: readonly SummaryPage[]): DocumentSentence[] {
  const lines = pages.map((page) => page.text.split(/\r\n|\r|\n|\f/));
  const running = pages.length >= 3 ? runningLines(lines) : new Set<string>();
  // The whole document as one text, with where each page's text starts in it.
  let text = '';
  const starts: { at: number; page: number }[] = [];
  pages.forEach((page, index) => {
    const pageText = joinLines(contentLines(lines[index] ?? [], running));
    if (!pageText) return;
    // A page break reads as a line break: a word hyphenated over it is joined too.
    text = text ? joinPair(text, pageText) : pageText;
    starts.push({ at: text.length - pageText.length, page: page.page });
  });
  // Sentences come in order, so the page of each is found walking forward.
  let next = 0;
  let page = starts[0]?.page ?? pages[0]?.page ?? 1;
  const pageAt = (offset: number) => {
    for (; next < starts.length && (starts[next]?.at ?? Infinity) <= offset; next++) page = starts[next]?.page ?? page;
    return page;
  };
  return splitSentences(text).map((sentence) => ({ text: sentence.text, page: pageAt(sentence.start) }));
}
