import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportPdf } from '../export/exportPdf';
import { normalizeAnnotation } from '../model/defaults';
import type { Annotation } from '../model/types';
import { pdfInfo, qpdf, qpdfCheck } from '../../test-support/pdfTools';
import { hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';

/** `bytes` encrypted by qpdf with AES-128, an empty user password and metadata left in clear text. */
function withCleartextMetadata(bytes: Uint8Array): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'cleartext-metadata-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), bytes);
    execFileSync('qpdf', [
      '--encrypt',
      '',
      'owner',
      '128',
      '--use-aes=y',
      '--cleartext-metadata',
      '--',
      join(dir, 'in.pdf'),
      join(dir, 'out.pdf'),
    ]);
    return new Uint8Array(readFileSync(join(dir, 'out.pdf')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.skipIf(!hasSharedPdfs)('exports of files encrypted with clear-text metadata', () => {
  it.each(['flatten', 'native'] as const)(
    'must open in readers with the original password (%s)',
    async (mode) => {
      const locked = withCleartextMetadata(readSharedPdf('tracemonkey.pdf'));
      const mark = normalizeAnnotation({ type: 'rectangle', page: 1 }) as Annotation;
      const exported = await exportPdf(locked, [mark], { mode });
      expect((await qpdfCheck(exported)).errors).toEqual([]);
      expect((await qpdf(exported, ['--show-encryption'])).output).toMatch(/R = 4/);
      expect((await pdfInfo(exported)).pages).toBe(14);
    },
  );
});
