import { describe, expect, it } from 'vitest';
import { contentDisposition, sanitizeFileName, withExtension } from './fileNames';

describe('sanitizeFileName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\scan.png', 'scan.png'],
    ['a\r\nSet-Cookie: x=1.pdf', 'aSet-Cookie: x=1.pdf'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['..', 'document'],
    ['   ', 'document'],
  ])('%j becomes %j', (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });

  it('bounds the length and keeps the extension', () => {
    const name = sanitizeFileName(`${'x'.repeat(500)}.pdf`);
    expect(name.length).toBe(200);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('Résumé "final".pdf')).toBe(
      `attachment; filename="R_sum_ _final_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.pdf`,
    );
  });

  it('can never contain a line break', () => {
    expect(contentDisposition('x\r\ny.pdf')).not.toMatch(/[\r\n]/);
  });
});

describe('withExtension', () => {
  it('replaces or adds an extension', () => {
    expect(withExtension('scan.png', '.pdf')).toBe('scan.pdf');
    expect(withExtension('README', '.pdf')).toBe('README.pdf');
    expect(withExtension('memo.pdf', '_edited.pdf')).toBe('memo_edited.pdf');
  });
});
