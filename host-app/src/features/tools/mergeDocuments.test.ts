// Runs Merge through the real SDK core on real PDFs (skipped when ../shared/pdfs is absent).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getPageSizes, normalizeAnnotation } from '@marginalia/pdf-editor/core';
import { describe, expect, it } from 'vitest';
import { runMerge } from './mergeDocuments';

const PDFS = join(__dirname, '..', '..', '..', '..', '..', 'shared', 'pdfs');
const read = (name: string) => new Uint8Array(readFileSync(join(PDFS, name)));

describe.skipIf(!existsSync(PDFS))('runMerge', () => {
  it('must put the kept pages in the arranged order with their annotations', async () => {
    const note = normalizeAnnotation({
      type: 'text',
      page: 3,
      x: 10,
      y: 10,
      content: 'on the landscape page',
    });
    const gone = normalizeAnnotation({ type: 'rectangle', page: 2, x: 10, y: 10, width: 5, height: 5 });
    const first = normalizeAnnotation({ type: 'text', page: 1, x: 10, y: 10, content: 'on the first page' });
    const { bytes, annotations } = await runMerge([
      // habibi-rotated.pdf: four A4 pages; keep 4 then 1.
      { file: { bytes: read('habibi-rotated.pdf'), pageCount: 4, annotations: [] }, pages: [4, 1] },
      // sizes.pdf: 612x792, 649x323, 792x612; page 2 removed, 3 before 1.
      { file: { bytes: read('sizes.pdf'), pageCount: 3, annotations: [first, gone, note] }, pages: [3, 1] },
    ]);
    const sizes = (await getPageSizes(bytes)).map(
      ({ width, height }) => `${Math.round(width)}x${Math.round(height)}`,
    );
    // habibi's page 1 has /Rotate 90, so it shows landscape.
    expect(sizes).toEqual(['595x842', '842x595', '792x612', '612x792']);
    expect(annotations.map(({ page, id }) => ({ page, id }))).toEqual([
      { page: 4, id: first.id },
      { page: 3, id: note.id },
    ]);
  });
});
