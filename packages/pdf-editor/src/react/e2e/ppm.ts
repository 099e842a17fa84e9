// Renders a PDF page with poppler's pdftoppm (an independent renderer) and reads pixels from it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Raster {
  width: number;
  height: number;
  pixel(x: number, y: number): [number, number, number];
}

/** Page `page` of `pdf` at 72 dpi, so one pixel is one PDF point. */
export function renderPage(pdf: Uint8Array, page: number): Raster {
  const dir = mkdtempSync(join(tmpdir(), 'marginalia-ppm-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', ['-f', String(page), '-l', String(page), '-r', '72', '-singlefile', join(dir, 'in.pdf'), join(dir, 'out')]);
    const data = readFileSync(join(dir, 'out.ppm'));
    // P6 header: magic, width, height, maxval, each separated by whitespace.
    const header = data.subarray(0, 64).toString('latin1').match(/^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/);
    if (!header) throw new Error('pdftoppm did not write a P6 image');
    const width = Number(header[1]);
    const height = Number(header[2]);
    const offset = header[0].length;
    return {
      width,
      height,
      pixel(x, y) {
        const i = offset + (Math.round(y) * width + Math.round(x)) * 3;
        return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
