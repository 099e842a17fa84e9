import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { outputKey, outputName, packOutputs } from './toolOutput';

const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.7 ${text}`);

describe('tool outputs', () => {
  it('must download one output as its PDF and several as a ZIP holding each under its name', async () => {
    const one = await packOutputs(
      [{ name: 'a_page_1.pdf', bytes: pdf('one'), annotations: [] }],
      'a_split.zip',
    );
    expect(one.name).toBe('a_page_1.pdf');
    expect(one.blob.type).toBe('application/pdf');
    expect(new Uint8Array(await one.blob.arrayBuffer())).toEqual(pdf('one'));

    const several = await packOutputs(
      [
        { name: 'a_pages_1-3.pdf', bytes: pdf('first'), annotations: [] },
        { name: 'a_page_5.pdf', bytes: pdf('second'), annotations: [] },
      ],
      'a_split.zip',
    );
    expect(several.name).toBe('a_split.zip');
    expect(several.blob.type).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(await several.blob.arrayBuffer()));
    expect(Object.keys(entries)).toEqual(['a_pages_1-3.pdf', 'a_page_5.pdf']);
    expect(entries['a_page_5.pdf']).toEqual(pdf('second'));
  });

  it('must key a result by its bytes, so the same result spends one guest edit', async () => {
    const a = { name: 'x.pdf', bytes: pdf('x'), annotations: [] };
    const b = { name: 'y.pdf', bytes: pdf('y'), annotations: [] };
    expect(await outputKey([a])).toBe(await outputKey([{ ...a, name: 'renamed.pdf' }]));
    expect(await outputKey([a, b])).not.toBe(await outputKey([b, a]));
    expect(await outputKey([a, b])).toMatch(/^[0-9a-f]{64}$/);
  });

  it('must name outputs after their source', () => {
    expect(outputName('Report.PDF', 'merged')).toBe('Report_merged.pdf');
    expect(outputName('report.pdf', 'split', 'zip')).toBe('report_split.zip');
  });
});
