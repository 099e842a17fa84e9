// Every annotation type flattened onto every editable PDF of the shared corpus: the output must
// pass qpdf (no worse than the input), keep its page count and every page box and rotation, and
// open in pdf.js with all its pages, the annotated ones interpreted in full.
import { describe, expect, it } from 'vitest';
import { everyTypeAt } from '../../test-support/annotationFixtures';
import { pdfInfo, pdfjsOpen, qpdfCheck } from '../../test-support/pdfTools';
import { EDITABLE_PDFS, hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';
import { normalizeAnnotation } from '../model/defaults';
import type { Annotation } from '../model/types';
import { exportPdf } from './exportPdf';

/** At most two files in flight: the machine is shared and each file runs three external tools. */
function limiter(concurrency: number) {
  let active = 0;
  const queue: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= concurrency) await new Promise<void>((resolve) => queue.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      queue.shift()?.();
    }
  };
}
const slot = limiter(2);

/**
 * Every page of short files (all four rotations of habibi-rotated.pdf); otherwise the first two,
 * the middle and the last page, where sizes differ in freeculture.pdf.
 */
function pagesToAnnotate(pageCount: number): number[] {
  if (pageCount <= 4) return Array.from({ length: pageCount }, (_, i) => i + 1);
  return [1, 2, Math.ceil(pageCount / 2), pageCount];
}

function annotationsFor(pages: number[]): Annotation[] {
  return pages.flatMap((page) => [
    ...everyTypeAt(page, { x: 20, y: 20 }).annotations,
    normalizeAnnotation({ type: 'text', page, position: { x: 20, y: 110 }, content: 'Ωμέγα Привет Łódź\nline two', fontStyle: 'italic', textDecoration: 'underline' }),
    normalizeAnnotation({ type: 'highlight', page, position: { x: 0, y: 0 }, rects: [{ x: 20, y: 140, width: 80, height: 12 }, { x: 20, y: 154, width: 40, height: 12 }] }),
  ]);
}

describe.skipIf(!hasSharedPdfs).concurrent('flatten export of every annotation type onto the corpus', () => {
  it.each(EDITABLE_PDFS)('%s stays valid, same pages and sizes, opens in pdf.js', (name) =>
    slot(async () => {
      const input = readSharedPdf(name);
      const [inputCheck, inputInfo] = await Promise.all([qpdfCheck(input), pdfInfo(input)]);
      const pages = pagesToAnnotate(inputInfo.pages);

      const output = await exportPdf(input, annotationsFor(pages), { watermark: true });

      const [outputCheck, outputInfo] = await Promise.all([qpdfCheck(output), pdfInfo(output)]);
      expect(outputCheck.errors, outputCheck.output).toEqual([]);
      // Warnings are tolerated only where the input itself already drew some.
      expect([0, inputCheck.exitCode === 3 ? 3 : 0], outputCheck.output).toContain(outputCheck.exitCode);
      expect(outputInfo.pages).toBe(inputInfo.pages);
      expect(outputInfo.sizes).toEqual(inputInfo.sizes);
      expect(await pdfjsOpen(output, pages)).toBe(inputInfo.pages);
    }),
  );
});
