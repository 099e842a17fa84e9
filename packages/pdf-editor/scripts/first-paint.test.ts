// What a host page fetches before the React editor paints page 1, checked on the built package
// (run after `npm run build`) the way a consumer's production build would bundle it: the PDF
// engine and the other packages only an export, a page operation or an import needs must stay
// behind dynamic imports, and the whole first-paint graph within issue 24's 549 KB.
import { describe, expect, it } from 'vitest';
import { FIRST_PAINT_BUDGET_BYTES, LAZY_PACKAGES, formatKb, measureFirstPaint } from './size-budget';

describe('the first paint of the React editor', () => {
  it(`fetches none of ${LAZY_PACKAGES.join(', ')} and at most ${formatKb(FIRST_PAINT_BUDGET_BYTES)} min+gzip`, async () => {
    const report = await measureFirstPaint();
    console.info(
      `first paint: ${formatKb(report.gzipBytes)} min+gzip; ` +
        report.packages.map(({ name, minifiedBytes }) => `${name} ${formatKb(minifiedBytes)}`).join(', ') +
        ' minified',
    );
    const names = report.packages.map(({ name }) => name);
    // The measure must see what it claims to: the viewer's own code, pdf.js and React.
    expect(names).toEqual(expect.arrayContaining(['.', 'pdfjs-dist', 'react', 'react-dom']));
    expect(names.filter((name) => (LAZY_PACKAGES as readonly string[]).includes(name))).toEqual([]);
    expect(report.gzipBytes).toBeLessThanOrEqual(FIRST_PAINT_BUDGET_BYTES);
    // zod shaken to what the schemas use (93 KB minified), not its whole `z` object (443 KB), which
    // an `import { z } from 'zod'` anywhere in the graph brings back (the lint rule says so too).
    const zod = report.packages.find(({ name }) => name === 'zod');
    expect(zod?.minifiedBytes ?? 0).toBeLessThan(150 * 1024);
  });
});
