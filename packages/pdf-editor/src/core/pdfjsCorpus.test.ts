// A fast, fixed sample of the pdf.js corpus for `npm test` (the whole corpus runs with
// `npm run test:corpus`): files pdf.js opens must import, and export in both modes into output qpdf
// accepts without new errors, with the same page count and (native) every annotation in it; files
// no reader opens must be refused with a typed error. Each file runs in a child process with a time
// limit (test-support/corpus.ts).
import { describe, expect, it } from 'vitest';
import { formatSummary, runCorpus, sum } from '../test-support/corpus';
import { hasSharedPdfs } from '../test-support/sharedPdfs';
import { KNOWN_CORPUS_FAILURES } from './pdfjsCorpus.known';

const SAMPLE = [
  // Encrypted: RC4 and AES with an empty user password (open without asking), an attachment-only
  // handler, a damaged /Encrypt; and ones that need a password pdf.js does not have either.
  'issue9972-2.pdf',
  'issue9972-3.pdf',
  'encrypted-attachment.pdf',
  'auth-event-ef-open.pdf',
  'PDFBOX-4352-0.pdf',
  'bug1782186.pdf',
  'issue6010_1.pdf',
  'saslprep-r6.pdf',
  // RC4 with a 40 and a 48-bit key under /V 4, whose password qpdf rejects: exported re-encrypted.
  'issue19484_1.pdf',
  'issue19484_2.pdf',
  // Damaged or fuzzed files that readers repair, and one that no reader opens.
  'issue15893_reduced.pdf',
  'poppler-90-0-fuzzed.pdf',
  'poppler-395-0-fuzzed.pdf',
  'helloworld-bad.pdf',
  'close-path-bug.pdf',
  'issue10438_reduced.pdf',
  'issue2177.pdf',
  'issue9252.pdf',
  'issue15150.pdf',
  'issue21436.pdf',
  'scan-bad.pdf',
  'REDHAT-1531897-0.pdf',
  // Other tools' annotations, with and without appearance streams, rotated, hidden.
  'annotation-highlight-without-appearance.pdf',
  'annotation-ink-without-appearance.pdf',
  'annotation-line-without-appearance-empty-Rect.pdf',
  'annotation-square-circle-without-appearance.pdf',
  'annotation-text-without-popup.pdf',
  'annotation-fileattachment.pdf',
  'annotation_hidden_print.pdf',
  'highlights.pdf',
  'inks.pdf',
  'rotated_ink.pdf',
  'stamps.pdf',
  'tracemonkey_freetext.pdf',
  'fraction-highlight.pdf',
  // Forms, outlines and named destinations, odd pages.
  'annotation-tx.pdf',
  'annotation-choice-widget.pdf',
  'outlines_for_editor.pdf',
  'named_dest_collision_for_editor.pdf',
  'issue17147.pdf',
  'issue18986.pdf',
  'mesh_shading_empty.pdf',
  '160F-2019.pdf',
];

describe.skipIf(!hasSharedPdfs)('a sample of the pdf.js corpus', () => {
  it(`must import and export the ${SAMPLE.length} files (or refuse the unreadable ones with typed errors)`, { timeout: 600_000 }, async () => {
    const summary = await runCorpus({ files: SAMPLE });
    console.info(formatSummary(summary));
    expect(summary.results).toHaveLength(SAMPLE.length);
    const unexpected = summary.failures.filter((failure) => !(failure.file in KNOWN_CORPUS_FAILURES));
    expect(unexpected.map((failure) => `${failure.file}: ${failure.outcome}: ${failure.detail}`)).toEqual([]);
    // A known failure in the sample fails as it is known to: a typed refusal, never a crash or damage.
    const known = summary.failures.filter((failure) => failure.file in KNOWN_CORPUS_FAILURES);
    expect(known.filter((failure) => failure.outcome !== 'refused')).toEqual([]);
    const unreadable = summary.results.filter((result) => result.pdfjsPages === undefined);
    expect(unreadable.filter((result) => result.outcome === 'crash' || result.outcome === 'invalid')).toEqual([]);
    // The sample keeps covering what it is for: files pdf.js does not open, and typed refusals of them.
    expect(unreadable.length).toBeGreaterThanOrEqual(4);
    expect(summary.counts.refused).toBeGreaterThanOrEqual(4);
    // ...and other tools' annotations read by the import's own parser (each compared with the engine's reading).
    expect(sum(summary.results, 'preloaded')).toBeGreaterThan(0);
  });
});
