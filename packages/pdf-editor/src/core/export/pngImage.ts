// PNG embedding. A PDF image can carry a PNG's compressed data as it is (FlateDecode with PNG
// predictors), as PDF producers commonly do, instead of decoding every PNG to pixels and deflating
// them again in JavaScript, by far the dearest part of exporting an image. PNGs whose pixels a PDF
// image describes directly (8- or 16-bit grey or RGB, not interlaced, no transparency) are
// embedded that way; the rest (alpha, palette, 16-bit, interlaced) go through the engine. The compressed data is
// checked first either way, so corrupt data is refused before any decoder sees it.
import pako from 'pako';
import type { PDF, PdfRef } from '../pdf/engine';
import { pdfStream } from '../pdf/objects';
import { concat } from '../pdf/update';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GREY = 0;
const RGB = 2;

interface PngChunks {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlaced: boolean;
  transparent: boolean;
  /** The IDAT chunks' data joined: one zlib stream of filtered scanlines. */
  data: Uint8Array;
}

const uint32 = (bytes: Uint8Array, at: number) =>
  (bytes[at] ?? 0) * 0x1000000 + (((bytes[at + 1] ?? 0) << 16) | ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0));

/** The PNG's header and image data; undefined when the chunks cannot be read. */
function readChunks(bytes: Uint8Array): PngChunks | undefined {
  if (!SIGNATURE.every((byte, i) => bytes[i] === byte)) return undefined;
  let header: Omit<PngChunks, 'data' | 'transparent'> | undefined;
  let transparent = false;
  const parts: Uint8Array[] = [];
  for (let at = SIGNATURE.length; at + 8 <= bytes.length; ) {
    const length = uint32(bytes, at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (data.length !== length) return undefined;
    if (type === 'IHDR' && length >= 13) {
      header = { width: uint32(data, 0), height: uint32(data, 4), bitDepth: data[8] ?? 0, colorType: data[9] ?? 0, interlaced: data[12] !== 0 };
    } else if (type === 'tRNS') {
      transparent = true;
    } else if (type === 'IDAT') {
      parts.push(data);
    } else if (type === 'IEND') {
      break;
    }
    at += 12 + length; // length, type, data, CRC
  }
  if (!header || parts.length === 0) return undefined;
  return { ...header, transparent, data: concat(parts) };
}

/** Bytes the zlib stream inflates to, or -1 when it is corrupt; nothing is kept. */
function inflatedSize(data: Uint8Array): number {
  const inflator = new pako.Inflate();
  let size = 0;
  inflator.onData = (chunk) => {
    size += chunk.length;
  };
  inflator.push(data, true);
  return inflator.err ? -1 : size;
}

/** An image XObject holding the PNG's own compressed scanlines. */
function directImage(doc: PDF, png: PngChunks): PdfRef {
  const colors = png.colorType === RGB ? 3 : 1;
  const bits = png.bitDepth;
  const image = pdfStream(
    {
      Type: 'XObject',
      Subtype: 'Image',
      Width: png.width,
      Height: png.height,
      ColorSpace: colors === 3 ? 'DeviceRGB' : 'DeviceGray',
      BitsPerComponent: bits,
      Filter: 'FlateDecode',
      DecodeParms: { Predictor: 15, Colors: colors, BitsPerComponent: bits, Columns: png.width },
    },
    png.data,
  );
  return doc.register(image);
}

/** Embeds PNG bytes; throws when they are not a readable PNG. */
export function embedPng(doc: PDF, bytes: Uint8Array): { ref: PdfRef } {
  const png = readChunks(bytes);
  if (!png) return { ref: doc.embedPng(bytes).ref };
  const size = inflatedSize(png.data);
  if (size < 0) throw new Error('the PNG image data is corrupt');
  // 16-bit samples too: a PDF image holds them as they are (the engine's decoder mislabels them).
  const direct =
    (png.bitDepth === 8 || png.bitDepth === 16) &&
    (png.colorType === GREY || png.colorType === RGB) &&
    !png.interlaced &&
    !png.transparent;
  const expected = png.height * (1 + png.width * (png.colorType === RGB ? 3 : 1) * (png.bitDepth / 8));
  return { ref: direct && png.width > 0 && size === expected ? directImage(doc, png) : doc.embedPng(bytes).ref };
}
