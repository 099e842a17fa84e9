// The PDF worker child process: takes tasks as IPC messages, one at a time, and answers each with
// one result message. Untrusted PDFs and images are parsed here, away from the server's memory and
// event loop; the parent bounds time and heap and recycles the process (see pdfWorker.ts).
// It imports packages only (no relative modules), so Node runs it straight from the TypeScript
// source in tests and from dist/ in production.
import { readFile, writeFile } from 'node:fs/promises';
import { exportPdf, parseAnnotations } from '@marginalia/pdf-editor/core';
import { PDFDocument } from 'pdf-lib';

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
}
type Task = CheckTask | ImageTask | ExportTask;

// Images are drawn at 96 dpi: a 1920-pixel-wide screenshot becomes a 1440-point (20-inch) page.
const POINTS_PER_PIXEL = 72 / 96;

async function run(task: Task): Promise<Record<string, unknown>> {
  switch (task.task) {
    case 'check': {
      // Loading and writing back through the core is exactly what export will do later, so a
      // file that passes here can be annotated and exported.
      await exportPdf(await readFile(task.input), [], { watermark: false });
      return {};
    }
    case 'image': {
      const doc = await PDFDocument.create();
      const bytes = await readFile(task.input);
      const image = task.kind === 'png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
      const width = image.width * POINTS_PER_PIXEL;
      const height = image.height * POINTS_PER_PIXEL;
      doc.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
      await writeFile(task.output, await doc.save());
      return {};
    }
    case 'export': {
      const annotations = parseAnnotations(task.annotations);
      const warnings: string[] = [];
      const bytes = await exportPdf(await readFile(task.input), annotations, {
        watermark: task.watermark,
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
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    return { ok: false, error: { name, message } };
  }
}

process.on('message', (task: Task) => {
  void handle(task).then((result) => process.send?.(result));
});
// The server went away (even killed): nothing more will come, so stop rather than linger.
process.on('disconnect', () => process.exit(0));
