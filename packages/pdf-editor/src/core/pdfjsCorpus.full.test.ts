// The whole pdf.js corpus (923 files), run by `npm run test:corpus` (and .ci/run), not by
// `npm test`: every file pdf.js opens must come out ok, except the known failures below, which may
// only shrink; every file no reader opens must be refused with a typed error, never crash.
import { describe, expect, it } from 'vitest';
import { corpusFiles, formatSummary, runCorpus } from '../test-support/corpus';
import { hasSharedPdfs } from '../test-support/sharedPdfs';
import { KNOWN_CORPUS_FAILURES } from './pdfjsCorpus.known';

const wanted = process.env.MARGINALIA_CORPUS === 'all';

describe.skipIf(!hasSharedPdfs || !wanted)('the whole pdf.js corpus', () => {
  it('must import and export every file pdf.js opens, and refuse the others with typed errors', { timeout: 3_600_000 }, async () => {
    const files = corpusFiles();
    const summary = await runCorpus({
      files,
      onResult: (result, done, total) => {
        if (result.outcome !== 'ok' || done % 100 === 0) console.info(`${done}/${total} ${result.file}: ${result.outcome} ${result.detail ?? ''}`);
      },
    });
    console.info(formatSummary(summary));
    const unexpected = summary.failures.filter((failure) => !(failure.file in KNOWN_CORPUS_FAILURES));
    const fixed = Object.keys(KNOWN_CORPUS_FAILURES).filter((file) => !summary.failures.some((failure) => failure.file === file));
    if (fixed.length > 0) console.info(`now ok, remove from KNOWN_CORPUS_FAILURES: ${fixed.join(', ')}`);
    expect(unexpected.map((failure) => `${failure.file}: ${failure.outcome}: ${failure.detail}`)).toEqual([]);
    // Files no reader opens: a typed refusal (or, when the engine repairs them, ok), never a crash or damage.
    const unreadable = summary.results.filter((result) => result.pdfjsPages === undefined);
    expect(unreadable.filter((result) => result.outcome === 'crash' || result.outcome === 'invalid')).toEqual([]);
  });
});
