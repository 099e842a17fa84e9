// The PDF worker child process: takes tasks as IPC messages, one at a time, and answers each with
// one result message. Untrusted PDFs and images are parsed here, away from the server's memory and
// event loop; the parent bounds time and memory and recycles the process (see pdfWorker.ts).
// This process has no network access: it never fetches anything on a user's behalf (an image
// annotation naming an http:// address, even one already stored, is never requested).
// It imports packages and Node-only modules by their .ts name, so Node runs it straight from the
// TypeScript source in tests and tsup bundles it into dist/ in production.
import { readFile, writeFile } from 'node:fs/promises';
import { exportPdf, fillForm, getPageSizes, parseAnnotations, parseFormValues, readFormFields, type Annotation } from '@marginalia/pdf-editor/core';
import { PDFDocument } from 'pdf-lib';
import { EXPORT_FALLBACK_FONTS } from './exportFonts.ts';
import { exceedsPixelLimit, imageSize } from './imageSize.ts';
import { forbidNetwork } from './noNetwork.ts';
import { checkDecodedSize } from './pdfStreamBudget.ts';
import { TooComplexError } from './tooComplexError.ts';

forbidNetwork();

interface CheckTask {
  task: 'check';
  input: string;
}
interface ImageTask {
  task: 'image';
  input: string;
  output: string;
  kind: 'png' | 'jpeg';
}
interface ExportTask {
  task: 'export';
  input: string;
  output: string;
  annotations: unknown;
  watermark: false | { text?: string };
  formValues?: Record<string, unknown>;
}
type Task = CheckTask | ImageTask | ExportTask;

// Images are drawn at 96 dpi: a 1920-pixel-wide screenshot becomes a 1440-point (20-inch) page.
const POINTS_PER_PIXEL = 72 / 96;

/** Refuses an image whose header declares more pixels than the limit, before anything decodes it. */
function checkImageSize(bytes: Uint8Array, what: string): void {
  const size = imageSize(bytes);
  if (size && exceedsPixelLimit(size)) {
    throw new TooComplexError(`${what} declares ${size.width} x ${size.height} pixels.`);
  }
}

/** The bytes of a base64 data URL (the only image data saved annotations may carry). */
function dataUrlBytes(data: string): Uint8Array {
  const comma = data.indexOf(',');
  return comma >= 0 && /^data:[^,]*;base64$/i.test(data.slice(0, comma).trim())
    ? Buffer.from(data.slice(comma + 1), 'base64')
    : new Uint8Array(0);
}

function checkAnnotationImages(annotations: readonly Annotation[]): void {
  for (const annotation of annotations) {
    if (annotation.type === 'image' || annotation.type === 'signature') {
      checkImageSize(dataUrlBytes(annotation.imageData), `The image of annotation ${annotation.id}`);
    }
  }
}

/**
 * `bytes` with the saved form values written into their fields (appended, appearances drawn), as the
 * editor's own export does; values of fields the file lacks or keeps read-only are left out.
 */
async function withFormValues(bytes: Uint8Array, saved: Record<string, unknown> | undefined): Promise<Uint8Array> {
  if (!saved || Object.keys(saved).length === 0) return bytes;
  const fillable = new Set((await readFormFields(bytes)).filter((field) => !field.readOnly).map((field) => field.name));
  const values = Object.fromEntries(Object.entries(parseFormValues(JSON.stringify(saved))).filter(([name]) => fillable.has(name)));
  return Object.keys(values).length > 0 ? fillForm(bytes, values) : bytes;
}

async function run(task: Task): Promise<Record<string, unknown>> {
  switch (task.task) {
    case 'check': {
      // Loading and writing back through the core is exactly what export will do later, so a
      // file that passes here can be annotated and exported. The decoded-size bound comes first,
      // since loading inflates object streams.
      const bytes = await readFile(task.input);
      await checkDecodedSize(bytes);
      await exportPdf(bytes, [], { watermark: false });
      return { pageCount: (await getPageSizes(bytes)).length };
    }
    case 'image': {
      const doc = await PDFDocument.create();
      const bytes = await readFile(task.input);
      checkImageSize(bytes, 'The image');
      const image = task.kind === 'png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
      const width = image.width * POINTS_PER_PIXEL;
      const height = image.height * POINTS_PER_PIXEL;
      doc.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
      await writeFile(task.output, await doc.save());
      return {};
    }
    case 'export': {
      const annotations = parseAnnotations(task.annotations);
      checkAnnotationImages(annotations);
      const warnings: string[] = [];
      const bytes = await exportPdf(await withFormValues(await readFile(task.input), task.formValues), annotations, {
        watermark: task.watermark,
        fonts: { fallbacks: EXPORT_FALLBACK_FONTS },
        onWarning: (message) => warnings.push(message),
      });
      await writeFile(task.output, bytes);
      return { warnings };
    }
  }
}

async function handle(task: Task): Promise<Record<string, unknown>> {
  try {
    return { ok: true, ...(await run(task)) };
  } catch (error) {
    // Out of stack (deep nesting) or of buffer memory: the input is past what a job may use. Only
    // plain RangeErrors: the core's own typed errors may extend it (PageRangeError).
    if (error instanceof RangeError && error.name === 'RangeError') return { ok: false, error: { name: TooComplexError.name, message: error.message } };
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    return { ok: false, error: { name, message } };
  }
}

process.on('message', (task: Task) => {
  void handle(task).then((result) => process.send?.(result));
});
// The server went away (even killed): nothing more will come, so stop rather than linger.
process.on('disconnect', () => process.exit(0));
