// The operator writer: compact numbers (three decimals at most, no exponent, no "-0") and the
// operator syntax readers expect.
import { describe, expect, it } from 'vitest';
import type { ExportFont } from '../context';
import type { TextLine } from '../textBlock';
import { ContentBuilder } from './contentBuilder';

const text = (content: ContentBuilder) => new TextDecoder().decode(content.bytes());
const hello: TextLine = { width: 0, runs: [{ font: {} as ExportFont, width: 0, shown: '<48656C6C6F>' }] };

describe('ContentBuilder', () => {
  it.each([
    [0, '0'],
    [-0, '0'],
    [7, '7'],
    [-42, '-42'],
    [612, '612'],
    [2.5, '2.5'],
    [-12.05, '-12.05'],
    [0.001, '0.001'],
    [0.0004, '0'],
    [-0.0004, '0'],
    [1.23456, '1.235'],
    [99.9996, '100'],
    [123456.789, '123456.789'],
    [1e-7, '0'],
    [1e21, '1000000'],
    [Number.NaN, '0'],
  ])('writes %s as %s', (value, expected) => {
    expect(text(new ContentBuilder().lineWidth(value))).toBe(`${expected} w\n`);
  });

  it('writes paths, colours, resources and text as content-stream operators', () => {
    const content = new ContentBuilder()
      .save()
      .graphicsState('GS1')
      .fillColor({ r: 1, g: 0.5, b: 0 })
      .rect(10, 20, 30.5, 40)
      .fill()
      .moveTo(1, 2)
      .curveTo(3, 4, 5, 6, 7, 8)
      .stroke()
      .textLine(hello, 12, 72, 100.25, () => 'F1')
      .drawXObject('Im0')
      .restore();
    expect(text(content).split('\n')).toEqual([
      'q',
      '/GS1 gs',
      '1 0.5 0 rg',
      '10 20 30.5 40 re',
      'f',
      '1 2 m',
      '3 4 5 6 7 8 c',
      'S',
      'BT',
      '1 0 0 -1 72 100.25 Tm',
      '/F1 12 Tf',
      '<48656C6C6F> Tj',
      'ET',
      '/Im0 Do',
      'Q',
      '',
    ]);
  });

  it('writes a line of several runs, with moves and a rise, as Tj and TJ', () => {
    const font = {} as ExportFont;
    const line: TextLine = {
      width: 0,
      runs: [
        { font, width: 0, shown: '<0041>' },
        {
          font,
          width: 0,
          shown: [
            { hex: '<0102>', before: 0.25, after: 0, rise: 0 },
            { hex: '<0103>', before: 0, after: -0.0125, rise: 0.3 },
          ],
        },
      ],
    };
    const names = ['F1', 'F2'];
    const content = new ContentBuilder().textLine(line, 10, 5, 20, () => names.shift() ?? 'F0');
    expect(text(content).split('\n')).toEqual([
      'BT',
      '1 0 0 -1 5 20 Tm',
      '/F1 10 Tf',
      '<0041> Tj',
      '/F2 10 Tf',
      '[-250 <0102> ] TJ',
      '3 Ts',
      '[<0103> 12.5 ] TJ',
      '0 Ts',
      'ET',
      '',
    ]);
  });

  it('grows past its first buffer without losing bytes', () => {
    const content = new ContentBuilder();
    for (let i = 0; i < 5000; i++) content.lineTo(i, i + 0.5);
    const lines = text(content).trimEnd().split('\n');
    expect(lines).toHaveLength(5000);
    expect(lines[4999]).toBe('4999 4999.5 l');
  });
});
