// Text strings built for annotation dictionaries: long ones share slabs of bytes, and reading
// them back (import's `textOf`) must give each its own text, whatever was made after it.
import { describe, expect, it } from 'vitest';
import { textOf } from '../../import/pdfReaders';
import { textString } from './pdfValues';

describe('textString', () => {
  it('keeps every string its own bytes across many slabs, short and long', () => {
    const texts = Array.from({ length: 2_000 }, (_, index) => `${'x'.repeat(index % 300)}#${index}`);
    const strings = texts.map((text) => textString(text));
    // Several slabs' worth of strings of 65 to 300 bytes, then one past a slab's quarter.
    expect(strings.map((string) => textOf(string))).toEqual(texts);
    const long = 'y'.repeat(5_000);
    expect(textOf(textString(long))).toBe(long);
    expect(strings.map((string) => string.asString())).toEqual(texts);
  });

  it('writes text outside printable ASCII as the engine encodes it', () => {
    for (const text of ['café', '日本語のメモ', 'tab\there', 'line\nbreak', '']) {
      expect(textOf(textString(text))).toBe(text);
    }
  });
});
