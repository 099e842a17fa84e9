// Files of the pdf.js corpus that pdf.js opens but import or export does not handle yet, with what
// happens today (measured 2026-11-24). The whole-corpus test fails on any failure not listed here
// and says when a listed file has started to pass, so this list may only shrink.
export const KNOWN_CORPUS_FAILURES: Readonly<Record<string, string>> = {
  // Page trees the engine cannot find or repair: its catalog and pages sit in Brotli-compressed
  // object streams (the engine has no Brotli decoder, pdf.js has).
  'Brotli-Prototype-FileA.pdf': 'PdfInvalidError: Root Pages object is not a dictionary',
  // AES files whose empty user password qpdf rejects and the engine accepts; the engine then
  // cannot decode the object stream holding the catalog, which pdf.js decodes leniently.
  'issue19484_1.pdf': 'PdfInvalidError: Root Pages object is not a dictionary',
  'issue19484_2.pdf': 'PdfInvalidError: Root Pages object is not a dictionary',
  // pdf.js finds a page the engine does not; import gives [] and export a PdfEmptyError. The
  // engine's object scan does find bug1978317's page, but scanning its 1.5 MB and rewriting it
  // (12.8 MB) take 10 to 20 s per step, so import and both exports overran the corpus's 60 s
  // limit on the shared machine: a typed refusal in 2 s is kept instead. poppler-937's page the
  // scan does not find either.
  'bug1978317.pdf': 'PdfEmptyError on export: the engine finds no page',
  'poppler-937-0-fuzzed.pdf': 'PdfEmptyError on export: the engine finds no page',
  // Only its embedded files are encrypted (/EFF, /StmF and /StrF /Identity): readers open it with
  // no password and the engine reads it unauthenticated, but its incremental writer encrypts new
  // objects and rebuilds /Encrypt with a key it does not have ("Not authenticated"), so the core
  // refuses it before any export is attempted.
  'auth-event-ef-open.pdf': 'PdfPasswordError',
};
