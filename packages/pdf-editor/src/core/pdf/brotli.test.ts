import { brotliCompressSync } from 'node:zlib';
import { PdfRef, PdfStream, type PDF } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { handmadePdf } from '../../test-support/handmadePdf';
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
    const text = new TextDecoder('latin1').decode(decoded);
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

/** The text of page `index`'s content stream, decoded. */
function contentOf(pdf: PDF, index: number): string {
  const contents = pdf.getPage(index)?.dict.get('Contents');
  const stream = contents instanceof PdfRef ? pdf.getObject(contents) : undefined;
  return stream instanceof PdfStream ? new TextDecoder('latin1').decode(stream.getDecodedData()) : '';
}

describe('Brotli streams written by hand', () => {
  const latin1 = (bytes: Uint8Array) => String.fromCharCode(...bytes);
  const brotli = (text: string) => new Uint8Array(brotliCompressSync(Buffer.from(text, 'latin1')));
  const first = '0 0 100 100 re f';
  const second = '10 10 50 50 re S';
  // PNG predictor rows of one column per byte, each led by its filter type (0: none).
  const predicted = brotli(`\x00${second}`);
  const third = brotli('1 0 0 RG 0 0 m 200 200 l S');
  const page = (contents: number) => `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents ${contents} 0 R >>`;

  it('decodes Brotli alone, with a predictor, and with a length held elsewhere', async () => {
    const data = brotli(first);
    const bytes = handmadePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 5 0 R 7 0 R] /Count 3 >>',
      page(4),
      `<< /Filter /BrotliDecode /Length ${data.length} >>\nstream\n${latin1(data)}\nendstream`,
      page(6),
      `<< /Length ${predicted.length} /Filter [/BrotliDecode] /DecodeParms [<< /Predictor 12 /Columns ${second.length} >>] >>\nstream\n${latin1(predicted)}\nendstream`,
      page(8),
      `<< /Filter [/BrotliDecode] /Length 9 0 R >>\nstream\n${latin1(third)}\nendstream`,
      `${third.length}`,
    ]);
    const decode = PdfStream.prototype.getDecodedData;
    const { pdf, repaired } = await openPdf(bytes);
    expect(repaired).toBe(true);
    expect([0, 1, 2].map((index) => contentOf(pdf, index))).toEqual([first, second, '1 0 0 RG 0 0 m 200 200 l S']);
    expect(PdfStream.prototype.getDecodedData).toBe(decode);
  });
});
