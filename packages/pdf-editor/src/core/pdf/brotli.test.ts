import { PdfStream } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { qpdf, qpdfCheck } from '../../test-support/pdfTools';
import { hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';
import { decodeBrotliStreams } from './brotli';
import { openPdf } from './openPdf';
import { unprotectPdf } from './protection';

// A file of its own: test files run in fresh module instances, so the engine's classes here have
// been changed by nothing but what this file opens.
describe.skipIf(!hasSharedPdfs)('Brotli-compressed files', () => {
  const brotliFile = () => readSharedPdf('pdfjs-corpus/Brotli-Prototype-FileA.pdf');

  it('opens a Brotli file without changing the engine for the rest of the process', async () => {
    const decode = PdfStream.prototype.getDecodedData;
    const opened = await openPdf(brotliFile());
    expect(opened.pdf.getPageCount()).toBe(25);
    expect(PdfStream.prototype.getDecodedData).toBe(decode);
  });

  it('reads the decoded streams and keeps the document information the rebuilt trailer would lose', async () => {
    const opened = await openPdf(brotliFile());
    const page = opened.pdf.getPage(0);
    const contents = page?.dict.get('Contents');
    const stream = contents && opened.pdf.getObject(contents as never);
    expect(stream).toBeInstanceOf(PdfStream);
    expect(new TextDecoder('latin1').decode((stream as PdfStream).getDecodedData())).toMatch(/\bBT\b[\s\S]*\bTj\b|\bre\b/);
    const saved = await opened.pdf.save();
    expect((await qpdfCheck(saved)).exitCode).toBe(0);
    const info = (await qpdf(saved, ['--show-object=trailer'])).output;
    const reference = /\/Info (\d+ \d+ R)/.exec(info)?.[1];
    expect(reference).toBeDefined();
    expect((await qpdf(saved, [`--show-object=${reference?.split(' ')[0]}`])).output).toContain('AutoCAD 2014');
  });

  it('rewrites only the Brotli streams, with Flate and the lengths they now have', async () => {
    const original = brotliFile();
    const decoded = await decodeBrotliStreams(original);
    const text = new TextDecoder('latin1').decode(decoded?.bytes);
    expect(text.includes('/BrotliDecode')).toBe(false);
    expect(text.match(/\/FlateDecode/g)?.length).toBe(30);
    expect(/\bstartxref\b/.test(text)).toBe(false);
    // Each rewritten stream's /Length is its data's.
    for (const match of text.matchAll(/\/Length (\d+)>>\nstream\n/g)) {
      const start = (match.index ?? 0) + match[0].length;
      expect(text.slice(start + Number(match[1]), start + Number(match[1]) + 10)).toBe('\nendstream');
    }
  });

  it('never appends to a Brotli file: even a save that would be incremental writes the document whole, in Flate', async () => {
    // Unprotecting a file without protection saves it incrementally, unless it was rebuilt.
    const saved = await unprotectPdf(brotliFile(), '');
    expect(new TextDecoder('latin1').decode(saved).includes('/BrotliDecode')).toBe(false);
    expect((await qpdfCheck(saved)).exitCode).toBe(0);
  });

  it('leaves a file without a Brotli stream alone', async () => {
    expect(await decodeBrotliStreams(readSharedPdf('tracemonkey.pdf'))).toBeUndefined();
  });
});
