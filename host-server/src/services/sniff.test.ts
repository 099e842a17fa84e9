import { describe, expect, it } from 'vitest';
import { makeDoc, makeDocx, makeElf, makeExe, makePdf, makePng, makeZip, TINY_JPEG } from '../test-support/fixtures';
import { detectFileKind } from './sniff';

describe('detectFileKind', () => {
  it('recognises each accepted type by its bytes', async () => {
    expect(detectFileKind(await makePdf(1))).toBe('pdf');
    expect(detectFileKind(makePng())).toBe('png');
    expect(detectFileKind(TINY_JPEG)).toBe('jpeg');
    expect(detectFileKind(makeDoc())).toBe('doc');
    expect(detectFileKind(makeDocx())).toBe('docx');
  });

  it('refuses executables, plain text and other ZIP files', () => {
    expect(detectFileKind(makeElf())).toBeUndefined();
    expect(detectFileKind(makeExe())).toBeUndefined();
    expect(detectFileKind(Buffer.from('%PD not quite'))).toBeUndefined();
    expect(detectFileKind(Buffer.from('hello %PDF-1.7 later in the file'))).toBeUndefined();
    expect(detectFileKind(Buffer.alloc(0))).toBeUndefined();
    // An OpenDocument or a plain archive is a ZIP too, but not a Word file.
    expect(detectFileKind(makeZip([{ name: 'mimetype', data: 'application/vnd.oasis.opendocument.text' }]))).toBeUndefined();
    expect(detectFileKind(makeZip([{ name: 'word/document.xml', data: '<x/>' }]))).toBeUndefined();
  });
});
