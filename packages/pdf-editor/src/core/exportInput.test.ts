// exportPdf's arguments are checked before any work: a caller's mistake is a typed error naming
// the argument, not a TypeError from inside the writer or an option silently ignored.
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { AnnotationValidationError, InvalidInputError } from './errors';
import { exportPdf, exportPdfWithReport } from './export/exportPdf';
import { normalizeAnnotation } from './model/defaults';
import type { Annotation } from './model/types';

let blank: Uint8Array;
beforeAll(async () => {
  const pdf = await PDFDocument.create();
  pdf.addPage([300, 200]);
  blank = await pdf.save();
});

const note = () => normalizeAnnotation({ type: 'text', page: 1, content: 'Checked' }) as Annotation;

describe('exportPdf input', () => {
  it('names the field of a malformed annotation', async () => {
    const { content: _content, ...withoutContent } = note() as Annotation & { content: string };
    const error = await exportPdf(blank, [note(), withoutContent as unknown as Annotation]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AnnotationValidationError);
    expect((error as AnnotationValidationError).issues).toEqual([expect.stringMatching(/^annotations\[1\]\.content: /)]);
  });

  it('names an unknown annotation type', async () => {
    const hexagon = { ...note(), type: 'hexagon' } as unknown as Annotation;
    await expect(exportPdf(blank, [hexagon])).rejects.toThrow(/annotations\[0\]\.type: unknown annotation type "hexagon"/);
  });

  it('rejects an unknown export mode instead of ignoring it', async () => {
    const options = { mode: 'burn-in' } as unknown as Parameters<typeof exportPdf>[2];
    const error = await exportPdf(blank, [note()], options).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error).toMatchObject({ field: 'options.mode' });
    expect((error as Error).message).toMatch(/unknown export mode "burn-in"/);
    await expect(exportPdfWithReport(blank, [note()], options)).rejects.toBeInstanceOf(InvalidInputError);
  });

  it('names a source that is not bytes and a list that is not an array', async () => {
    await expect(exportPdf('in.pdf' as unknown as Uint8Array, [])).rejects.toMatchObject({ field: 'source' });
    await expect(exportPdf(blank, {} as unknown as Annotation[])).rejects.toThrow(/annotations: expected an array/);
    const watermark = { watermark: 'yes' } as unknown as Parameters<typeof exportPdf>[2];
    await expect(exportPdf(blank, [], watermark)).rejects.toMatchObject({ field: 'options.watermark' });
  });

  it('exports valid input as before', async () => {
    const bytes = await exportPdf(blank, [note()], { mode: 'native' });
    expect(new TextDecoder('latin1').decode(bytes.subarray(0, 5))).toBe('%PDF-');
  });
});
