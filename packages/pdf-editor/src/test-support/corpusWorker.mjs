// Child process of the corpus check (corpus.ts): checks one PDF per message with the core as it is
// now (a bundle of src/core built by the parent) and independent readers (pdf.js, qpdf), and
// answers with what happened. Started with: corpusWorker.mjs <core bundle> <pdf.js module>.
import { Buffer } from 'node:buffer';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const [bundlePath, pdfjsPath] = process.argv.slice(2);
const core = await import(pathToFileURL(bundlePath).href);
const pdfjs = await import(pathToFileURL(pdfjsPath).href);
const exec = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'marginalia-corpus-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

/** The core's own error classes: a refusal with one of these is typed. */
const TYPED_ERRORS = new Set([
  'PdfInvalidError',
  'PdfEncryptedError',
  'PdfPasswordError',
  'PdfEmptyError',
  'AnnotationExportError',
  'AnnotationValidationError',
  'PageRangeError',
]);

/** A 2 x 2 orange PNG, so the image path of both export modes is exercised. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP438Dwv4GBAUIBAC3uBf04r3bJAAAAAElFTkSuQmCC';

/** One annotation of most types on `page`, ids that say where they were put. */
function annotationsFor(page) {
  const at = (x, y) => ({ x, y });
  const id = (name) => `corpus-p${page}-${name}`;
  return [
    { type: 'rectangle', page, id: id('rect'), position: at(20, 20), width: 60, height: 30, fillStyle: 'solid', fillColor: '#00FF00' },
    { type: 'circle', page, id: id('circle'), position: at(90, 20), radius: 15 },
    { type: 'arrow', page, id: id('arrow'), position: at(130, 20), endPoint: at(180, 50) },
    { type: 'freehand', page, id: id('ink'), position: at(20, 60), points: [at(20, 60), at(30, 70), at(45, 62)] },
    { type: 'highlight', page, id: id('hl'), position: at(60, 60), width: 50, height: 12 },
    { type: 'text', page, id: id('text'), position: at(20, 80), width: 120, content: 'Corpus Ω Привет' },
    { type: 'comment', page, id: id('note'), position: at(150, 80), content: 'A note' },
    { type: 'whiteout', page, id: id('white'), position: at(120, 60), width: 20, height: 10 },
    { type: 'image', page, id: id('image'), position: at(20, 110), width: 20, height: 20, imageData: PNG },
  ].map((annotation) => core.normalizeAnnotation(annotation));
}

/** Page count as pdf.js sees it; undefined when pdf.js does not open the bytes. */
async function pdfjsPages(bytes, password) {
  const task = pdfjs.getDocument({ data: bytes.slice(), password, verbosity: 0, isEvalSupported: false, stopAtErrors: false });
  try {
    const doc = await task.promise;
    return doc.numPages;
  } catch {
    return undefined;
  } finally {
    await task.destroy();
  }
}

/** `qpdf --check` exit code (0 ok, 3 warnings, 2 errors) and its first error line. */
async function qpdfCheck(bytes, password) {
  const path = join(scratch, 'out.pdf');
  writeFileSync(path, bytes);
  const args = [...(password === undefined ? [] : [`--password=${password}`]), '--check', path];
  try {
    await exec('qpdf', args, { maxBuffer: 64 * 1024 * 1024, timeout: 60_000 });
    return { exit: 0 };
  } catch (error) {
    const output = `${error.stdout ?? ''}${error.stderr ?? ''}`;
    const line = output.split('\n').find((text) => /error|qpdf:/i.test(text)) ?? output.slice(0, 200);
    return { exit: typeof error.code === 'number' ? error.code : 2, error: line.replaceAll(path, 'out.pdf') };
  }
}

function describeError(error) {
  const name = error instanceof Error ? error.name : typeof error;
  const message = error instanceof Error ? error.message : String(error);
  return { name, message: message.slice(0, 300), typed: TYPED_ERRORS.has(name) };
}

async function check(file, password) {
  const bytes = new Uint8Array(readFileSync(file));
  const pages = await pdfjsPages(bytes, password);
  const result = { pdfjsPages: pages };
  const step = async (name, run) => {
    try {
      return await run();
    } catch (error) {
      throw Object.assign(new Error('step failed'), { step: name, cause: describeError(error) });
    }
  };
  try {
    const options = password === undefined ? {} : { password };
    await step('import', () => core.importAnnotations(bytes, options));
    const preload = await step('preload', () => core.preloadAgreement(bytes, password));
    if (preload.differences.length > 0) {
      return { ...result, outcome: 'invalid', detail: `the import's parser read ${preload.differences.join(', ')} otherwise than the engine` };
    }
    Object.assign(result, { annotations: preload.annotations, preloaded: preload.preloaded });
    const pageNumbers = pages && pages > 1 ? [1, pages] : [1];
    const annotations = pageNumbers.flatMap(annotationsFor);
    let inheritedDamage;
    for (const mode of ['flatten', 'native']) {
      const output = await step(`export ${mode}`, () => core.exportPdf(bytes, annotations, { ...options, mode }));
      const qpdf = await qpdfCheck(output, password);
      if (qpdf.exit === 2) {
        // Damage the input already has (a broken stream nobody touched) is carried, not written.
        // A password qpdf rejects is no such damage (the output's encryption is ours to get right),
        // except where the encryption covers only the attachments (/AuthEvent /EFOpen), which qpdf
        // refuses to open before and after, and which the export keeps as it is.
        const input = await qpdfCheck(bytes, password);
        const attachmentsOnly = Buffer.from(bytes).includes('/EFOpen');
        if (input.exit !== 2 || (/password/i.test(qpdf.error) && !attachmentsOnly)) {
          return { ...result, outcome: 'invalid', detail: `${mode}: qpdf: ${qpdf.error}` };
        }
        inheritedDamage = `qpdf rejects the input too (${input.error})`;
      }
      const outputPages = await pdfjsPages(output, password);
      if (pages !== undefined && outputPages !== pages) {
        return { ...result, outcome: 'invalid', detail: `${mode}: pdf.js sees ${outputPages} pages, not ${pages}` };
      }
      if (mode === 'native') {
        const found = new Set((await step('re-import', () => core.importAnnotations(output, options))).map((a) => a.id));
        const missing = annotations.filter((annotation) => !found.has(annotation.id)).map((a) => a.id);
        if (missing.length > 0) return { ...result, outcome: 'invalid', detail: `native: missing ${missing.join(', ')}` };
      }
    }
    return { ...result, outcome: 'ok', ...(inheritedDamage ? { detail: inheritedDamage } : {}) };
  } catch (failure) {
    const cause = failure.cause ?? describeError(failure);
    const detail = `${failure.step ?? 'check'}: ${cause.name}: ${cause.message}`;
    return { ...result, outcome: cause.typed ? 'refused' : 'crash', detail };
  }
}

process.on('message', async ({ file, password }) => {
  process.send(await check(file, password));
});
process.send({ ready: true });
