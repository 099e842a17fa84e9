// The offline summary as a reader checks it: every sentence is the document's own text (read by
// poppler's pdftotext, independently of the editor's pdf.js) on the page it says, in reading
// order; running heads, footers and page numbers are never picked; abbreviations and decimals do
// not cut sentences; bad input is refused with a typed error.
import { describe, expect, it } from 'vitest';
import { PDF, StandardFonts } from '../pdf/engine';
import { pdfText } from '../../test-support/pdfTools';
import { hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';
import { summarizeText, SummaryInputError } from '../index';
import { joinLines, splitSentences } from './sentences';

/** The text as a reader compares it: words hyphenated at a line's end joined, white space as one space. */
const reading = (text: string) => text.replace(/(\p{Ll})-\s*\n\s*(?=\p{Ll})/gu, '$1').replace(/\s+/g, ' ');

async function pagesOf(bytes: Uint8Array, count: number): Promise<{ page: number; text: string }[]> {
  const pages = [];
  for (let page = 1; page <= count; page++) pages.push({ page, text: await pdfText(bytes, page) });
  return pages;
}

const TOPIC = [
  'Solar panels convert sunlight into electricity for homes and businesses.',
  'The efficiency of solar panels depends on sunlight, temperature and the angle of the panels.',
  'Batteries store the electricity that solar panels produce during the day.',
  'A solar installation with batteries can power a home through the night.',
  'The weather was pleasant on the day the report was written.',
  'Installers measure the roof before they mount the solar panels.',
];

/** Four pages of prose about solar power, with a running head, a page-number footer and a word hyphenated over a line end. */
async function reportPdf(): Promise<Uint8Array> {
  const pdf = PDF.create();
  const font = StandardFonts.Helvetica;
  for (let index = 0; index < 4; index++) {
    const page = pdf.addPage({ width: 612, height: 792 });
    page.drawText('Annual Energy Report of the Example Company Limited', { x: 72, y: 750, size: 10, font });
    const lines = [...TOPIC.slice(index % 2 === 0 ? 0 : 3), ...TOPIC.slice(0, index % 2 === 0 ? 0 : 3)];
    lines.forEach((line, at) => page.drawText(line, { x: 72, y: 700 - at * 20, size: 11, font }));
    page.drawText(`Sentence ${index + 1} of the page is about the installa-`, { x: 72, y: 560, size: 11, font });
    page.drawText('tion of solar panels on the roof of a school.', { x: 72, y: 540, size: 11, font });
    page.drawText(`Page ${index + 1} of 4`, { x: 280, y: 40, size: 10, font });
  }
  return pdf.save();
}

describe('summarizeText', () => {
  it('summary sentences all come from the document, on the pages they name, in reading order', async () => {
    const bytes = await reportPdf();
    const pages = await pagesOf(bytes, 4);
    const summary = summarizeText(pages, { sentences: 3 });
    expect(summary.length).toBe(3);
    for (const sentence of summary) {
      expect(reading(pages[sentence.page - 1]?.text ?? '')).toContain(sentence.text);
      expect(sentence.text).not.toMatch(/Annual Energy Report|Page \d of 4/);
    }
    const order = summary.map((sentence) => reading(pages.map((page) => page.text).join('\n')).indexOf(sentence.text));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // The off-topic sentence shares no word with the rest: it is never key.
    expect(summary.map((sentence) => sentence.text)).not.toContain(TOPIC[4]);
    // The word hyphenated over a line end reads whole.
    expect(summarizeText(pages, { sentences: 50 }).some((sentence) => sentence.text.includes('installation of solar panels'))).toBe(true);
  });

  it.skipIf(!hasSharedPdfs)('summary sentences all come from tracemonkey.pdf, each on its page (skipped without ../shared/pdfs)', async () => {
    const pages = await pagesOf(readSharedPdf('tracemonkey.pdf'), 14);
    const whole = reading(pages.map((page) => page.text).join('\n'));
    const summary = summarizeText(pages, { sentences: 8 });
    expect(summary.length).toBe(8);
    for (const sentence of summary) {
      expect(whole).toContain(sentence.text);
      // A sentence may run over a page break; it starts on its page.
      expect(reading(pages[sentence.page - 1]?.text ?? '')).toContain(sentence.text.slice(0, 40));
      expect(sentence.text.split(' ').length).toBeGreaterThanOrEqual(6);
    }
    expect(summary.map((sentence) => sentence.text).join(' ')).toMatch(/trace/i);
    expect(summary.map((sentence) => sentence.page)).toEqual([...summary.map((sentence) => sentence.page)].sort((a, b) => a - b));
  });

  it('covers the document’s topics rather than repeating its main one', () => {
    const bees = [
      'Honey bees pollinate the apple orchards every spring.',
      'Apple growers rent hives of honey bees each spring.',
      'Wild bees also visit the apple blossoms in the orchards.',
      'Orchards with more bees harvest larger apples.',
      'A spring frost can kill the apple blossoms before the bees come.',
    ];
    const taxes = ['The valley farmers pay a water tax to the district every year.', 'The district spends the water tax on canals for the farmers.'];
    const summary = summarizeText([{ page: 1, text: bees.join('\n') }, { page: 2, text: taxes.join('\n') }], { sentences: 2 });
    expect(summary.map((sentence) => sentence.page)).toEqual([1, 2]);
  });

  it('does not cut sentences at abbreviations, initials or decimal points', () => {
    const text =
      'Dr. J. Smith measured 3.5 volts, e.g. in Fig. 2 of the U.S. report. The next sentence starts here! A footnote follows.12 Version 2.0 Beta ships. Does it? Yes.';
    expect(splitSentences(text).map((sentence) => sentence.text)).toEqual([
      'Dr. J. Smith measured 3.5 volts, e.g. in Fig. 2 of the U.S. report.',
      'The next sentence starts here!',
      'A footnote follows.',
      'Version 2.0 Beta ships.',
      'Does it?',
      'Yes.',
    ]);
  });

  it('reads a list’s items as sentences of their own, without their bullets', () => {
    const text = 'This paper makes the following contributions:\n• We explain an algorithm for forming trace trees.\n• We validate our tracing techniques in an implementation.';
    expect(splitSentences(joinLines(text.split('\n'))).map((sentence) => sentence.text)).toEqual([
      'This paper makes the following contributions:',
      'We explain an algorithm for forming trace trees.',
      'We validate our tracing techniques in an implementation.',
    ]);
  });

  it('reads a heading as its own line, not as the start of the next sentence', () => {
    const text = '1. Introduction\nDynamic languages such as JavaScript are popular since they are\nexpressive and accessible to non-experts.';
    expect(summarizeText([{ page: 1, text }], { sentences: 1 })).toEqual([
      { text: 'Dynamic languages such as JavaScript are popular since they are expressive and accessible to non-experts.', page: 1 },
    ]);
  });

  it('returns every sentence of a short note, and nothing for a page without text (a scan before OCR)', () => {
    expect(summarizeText([{ page: 1, text: 'Call Anna. Buy milk.' }])).toEqual([
      { text: 'Call Anna.', page: 1 },
      { text: 'Buy milk.', page: 1 },
    ]);
    expect(summarizeText([{ page: 1, text: '' }, { page: 2, text: '  \n ' }])).toEqual([]);
    expect(summarizeText([])).toEqual([]);
  });

  it('refuses input it cannot use with a SummaryInputError naming the problem', () => {
    const refuse = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(SummaryInputError);
        return (error as SummaryInputError).issues;
      }
      throw new Error('not refused');
    };
    expect(refuse(() => summarizeText('text' as never))).toEqual(['pages: expected an array of { page, text }']);
    expect(refuse(() => summarizeText([{ page: 0, text: 3 } as never]))).toEqual([
      'pages[0].page: expected a whole number from 1',
      'pages[0].text: expected a string',
    ]);
    expect(refuse(() => summarizeText([], { sentences: 0 }))).toEqual(['sentences: expected a whole number from 1 to 50']);
    expect(refuse(() => summarizeText([], { sentences: 2.5 }))).toHaveLength(1);
  });
});
