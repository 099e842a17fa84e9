// Scans made from known text: pages of a PDF rendered by pdftoppm (grey, at a given resolution),
// turned by a slight skew as a sheet lies on a scanner's glass, stored as JPEG and wrapped into an
// image-only PDF (one full-page image per page, written by hand so no engine of ours is involved).
// Shared by the OCR benchmark (bench/ocr.bench.mjs) and the core's OCR tests.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TextEncoder } from 'node:util';
import { deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';

/** Parses binary PGM (P5, maxval 255), what `pdftoppm -gray` writes. */
function parsePgm(data) {
  let offset = 0;
  const tokens = [];
  while (tokens.length < 4) {
    while (/\s/.test(String.fromCharCode(data[offset]))) offset++;
    if (data[offset] === 0x23) {
      while (data[offset] !== 0x0a) offset++;
      continue;
    }
    let token = '';
    while (!/\s/.test(String.fromCharCode(data[offset]))) token += String.fromCharCode(data[offset++]);
    tokens.push(token);
  }
  const [magic, width, height] = tokens;
  if (magic !== 'P5') throw new Error(`expected a PGM, got ${magic}`);
  return { width: Number(width), height: Number(height), pixels: data.subarray(offset + 1) };
}

/** The grey image turned by `degrees` about its centre (bilinear), white where nothing falls. */
function skewed({ width, height, pixels }, degrees) {
  if (degrees === 0) return { width, height, pixels };
  const angle = (degrees * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const cx = width / 2;
  const cy = height / 2;
  const out = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = x - cx;
      const dy = y - cy;
      const sx = cos * dx + sin * dy + cx;
      const sy = -sin * dx + cos * dy + cy;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 >= width - 1 || y0 >= height - 1) continue;
      const fx = sx - x0;
      const fy = sy - y0;
      const at = y0 * width + x0;
      const top = pixels[at] * (1 - fx) + pixels[at + 1] * fx;
      const bottom = pixels[at + width] * (1 - fx) + pixels[at + width + 1] * fx;
      out[y * width + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { width, height, pixels: out };
}

/** The grey image turned a quarter turn counter-clockwise `turns` times. */
function turnedBack({ width, height, pixels }, turns) {
  let image = { width, height, pixels };
  for (let turn = 0; turn < turns; turn++) {
    const out = new Uint8Array(image.width * image.height);
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) out[(image.width - 1 - x) * image.height + y] = image.pixels[y * image.width + x];
    }
    image = { width: image.height, height: image.width, pixels: out };
  }
  return image;
}

function toJpeg({ width, height, pixels }) {
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba.fill(pixels[i], i * 4, i * 4 + 3);
    rgba[i * 4 + 3] = 255;
  }
  return jpeg.encode({ width, height, data: rgba }, 85).data;
}

/** Black and white, 1 bit a pixel (0 black, as DeviceGray reads it), rows padded to a byte, Flate-compressed. */
function toBilevel({ width, height, pixels }) {
  const stride = Math.ceil(width / 8);
  const bits = new Uint8Array(stride * height).fill(255);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) if (pixels[y * width + x] < 128) bits[y * stride + (x >> 3)] &= ~(0x80 >> (x & 7));
  }
  return deflateSync(bits);
}

/** An image-only PDF: each page one grey image (JPEG, or 1-bit Flate) filling a page of `size` points. */
function imagePdf(images) {
  const encoder = new TextEncoder();
  const parts = [];
  const offsets = [];
  let length = 0;
  const write = (part) => {
    const bytes = typeof part === 'string' ? encoder.encode(part) : part;
    parts.push(bytes);
    length += bytes.length;
  };
  const object = (number, dictionary, stream) => {
    offsets[number] = length;
    write(`${number} 0 obj\n${dictionary}\n`);
    if (stream) {
      write('stream\n');
      write(stream);
      write('\nendstream\n');
    }
    write('endobj\n');
  };
  write('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  const pageNumbers = images.map((_, index) => 3 + index * 3);
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, `<< /Type /Pages /Count ${images.length} /Kids [${pageNumbers.map((n) => `${n} 0 R`).join(' ')}] >>`);
  images.forEach(({ data, bilevel, width, height, size, rotate }, index) => {
    const page = pageNumbers[index];
    const [w, h] = size;
    const content = encoder.encode(`q ${w} 0 0 ${h} 0 0 cm /Scan Do Q\n`);
    object(page, `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Rotate ${rotate} /Resources << /XObject << /Scan ${page + 1} 0 R >> >> /Contents ${page + 2} 0 R >>`);
    const encoding = bilevel ? '/BitsPerComponent 1 /Filter /FlateDecode' : '/BitsPerComponent 8 /Filter /DCTDecode';
    object(page + 1, `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray ${encoding} /Length ${data.length} >>`, data);
    object(page + 2, `<< /Length ${content.length} >>`, content);
  });
  const xref = length;
  const count = 3 + images.length * 3;
  let table = `xref\n0 ${count}\n0000000000 65535 f \n`;
  for (let n = 1; n < count; n++) table += `${String(offsets[n]).padStart(10, '0')} 00000 n \n`;
  write(`${table}trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * A scan of `pages` (from 1) of the PDF at `path`: rendered at `dpi` in grey, turned by `skew`
 * degrees, JPEG-compressed (or black and white, 1 bit a pixel, with `bilevel`), one image per page
 * of the original's size. With `rotate` (90, 180, 270) the image is stored turned back that far
 * and the page carries `/Rotate rotate`, so it shows upright, as some scanners write them.
 */
export function scannedPdf(path, { pages, dpi, skew = 0, bilevel = false, rotate = 0 }) {
  const dir = mkdtempSync(join(tmpdir(), 'marginalia-scan-'));
  try {
    const images = pages.map((page) => {
      const out = join(dir, `page-${page}`);
      const result = spawnSync('pdftoppm', ['-gray', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', path, out], { encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`pdftoppm failed: ${result.stderr}`);
      // Stored sideways, as a scanner that /Rotate turns upright again.
      const image = turnedBack(skewed(parsePgm(new Uint8Array(readFileSync(`${out}.pgm`))), skew), rotate / 90);
      const data = bilevel ? toBilevel(image) : toJpeg(image);
      return { data, bilevel, rotate, width: image.width, height: image.height, size: [(image.width * 72) / dpi, (image.height * 72) / dpi] };
    });
    return imagePdf(images);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
