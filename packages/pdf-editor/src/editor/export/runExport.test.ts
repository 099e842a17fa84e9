// runExport checks its arguments on the main thread before starting a worker, with the core's
// typed errors naming the field.
import { describe, expect, it } from 'vitest';
import { type Annotation, AnnotationValidationError, InvalidInputError, normalizeAnnotation } from '../../core/index';
import { runExport } from './runExport';

const pdfHeader = new TextEncoder().encode('%PDF-1.7\n');

describe('runExport input', () => {
  it('rejects an unknown export mode with InvalidInputError naming options.mode', async () => {
    const options = { mode: 'burn-in' } as unknown as Parameters<typeof runExport>[2];
    const error = await runExport(pdfHeader, [], options).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error).toMatchObject({ field: 'options.mode' });
  });

  it('rejects a malformed annotation naming its index and field', async () => {
    const note = normalizeAnnotation({ type: 'text', page: 1, content: 'x' }) as Annotation;
    const broken = { ...note, fontSize: 'large' } as unknown as Annotation;
    const error = await runExport(pdfHeader, [note, broken]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AnnotationValidationError);
    expect((error as AnnotationValidationError).issues).toEqual([expect.stringMatching(/^annotations\[1\]\.fontSize: /)]);
  });
});
