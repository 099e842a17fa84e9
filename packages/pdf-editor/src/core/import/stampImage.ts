// Recovers the picture of a /Stamp from its appearance: the first image XObject the normal
// appearance (or a form inside it) paints, as a data URL. JPEGs without transparency are passed
// through untouched; everything else is decoded to 8-bit pixels, its soft mask applied as alpha,
// and written as PNG. Vector-only appearances and exotic encodings give a reason instead.
import pako from 'pako';
import { PDFArray, PDFDict, PDFName, PDFRawStream, decodePDFRawStream, type PDFObject } from 'pdf-lib';
import { lookup, readName, readNumber } from './pdfReaders';
import { encodePng, toDataUrl } from './png';

export type StampImageResult = { dataUrl: string } | { reason: string };

const MAX_FORM_DEPTH = 4;

function normalAppearance(dict: PDFDict): PDFRawStream | undefined {
  const ap = lookup(dict, 'AP');
  if (!(ap instanceof PDFDict)) return undefined;
  const normal = lookup(ap, 'N');
  if (normal instanceof PDFRawStream) return normal;
  if (normal instanceof PDFDict) {
    const state = readName(dict, 'AS');
    const key = state ? PDFName.of(state) : normal.keys()[0];
    const chosen = key ? normal.lookup(key) : undefined;
    return chosen instanceof PDFRawStream ? chosen : undefined;
  }
  return undefined;
}

function findImage(form: PDFRawStream, depth: number): PDFRawStream | undefined {
  const resources = lookup(form.dict, 'Resources');
  const xObjects = resources instanceof PDFDict ? lookup(resources, 'XObject') : undefined;
  if (!(xObjects instanceof PDFDict)) return undefined;
  const forms: PDFRawStream[] = [];
  for (const key of xObjects.keys()) {
    const object = xObjects.lookup(key);
    if (!(object instanceof PDFRawStream)) continue;
    const subtype = readName(object.dict, 'Subtype');
    if (subtype === 'Image') return object;
    if (subtype === 'Form') forms.push(object);
  }
  if (depth >= MAX_FORM_DEPTH) return undefined;
  for (const nested of forms) {
    const image = findImage(nested, depth + 1);
    if (image) return image;
  }
  return undefined;
}

function filterNames(stream: PDFRawStream): string[] {
  const filter = lookup(stream.dict, 'Filter');
  if (filter instanceof PDFName) return [filter.decodeText()];
  if (filter instanceof PDFArray) {
    return filter.asArray().flatMap((item: PDFObject) => (item instanceof PDFName ? [item.decodeText()] : []));
  }
  return [];
}

/** Components per pixel of DeviceGray/RGB or an ICC-based space; undefined for anything else. */
function componentCount(stream: PDFRawStream): number | undefined {
  const space = lookup(stream.dict, 'ColorSpace');
  const name = space instanceof PDFName ? space.decodeText() : undefined;
  if (name === 'DeviceGray' || name === 'G') return 1;
  if (name === 'DeviceRGB' || name === 'RGB') return 3;
  if (space instanceof PDFArray && space.size() === 2 && space.lookup(0) === PDFName.of('ICCBased')) {
    const profile = space.lookup(1);
    const n = profile instanceof PDFRawStream ? readNumber(profile.dict, 'N') : undefined;
    return n === 1 || n === 3 ? n : undefined;
  }
  return undefined;
}

/** Undoes PNG predictors (/Predictor >= 10), which Flate-encoded images often use. */
function unpredict(data: Uint8Array, stream: PDFRawStream, bytesPerPixel: number, width: number): Uint8Array {
  const parms = lookup(stream.dict, 'DecodeParms');
  const predictor = parms instanceof PDFDict ? (readNumber(parms, 'Predictor') ?? 1) : 1;
  if (predictor < 10) return data;
  const stride = width * bytesPerPixel;
  const rows = Math.floor(data.length / (stride + 1));
  const out = new Uint8Array(rows * stride);
  for (let row = 0; row < rows; row++) {
    const type = data[row * (stride + 1)];
    const src = data.subarray(row * (stride + 1) + 1, (row + 1) * (stride + 1));
    const base = row * stride;
    for (let i = 0; i < stride; i++) {
      const left = i >= bytesPerPixel ? (out[base + i - bytesPerPixel] as number) : 0;
      const up = row > 0 ? (out[base - stride + i] as number) : 0;
      const upLeft = row > 0 && i >= bytesPerPixel ? (out[base - stride + i - bytesPerPixel] as number) : 0;
      let value = src[i] as number;
      if (type === 1) value += left;
      else if (type === 2) value += up;
      else if (type === 3) value += (left + up) >> 1;
      else if (type === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        value += pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      out[base + i] = value & 0xff;
    }
  }
  return out;
}

interface Pixels {
  width: number;
  height: number;
  channels: number;
  data: Uint8Array;
}

async function decodePixels(stream: PDFRawStream): Promise<Pixels | string> {
  const width = readNumber(stream.dict, 'Width') ?? 0;
  const height = readNumber(stream.dict, 'Height') ?? 0;
  if (width <= 0 || height <= 0) return 'the image has no size';
  const filters = filterNames(stream);
  if (filters.at(-1) === 'DCTDecode') {
    if (filters.slice(0, -1).some((filter) => filter !== 'FlateDecode')) return `unsupported filters ${filters.join(', ')}`;
    let bytes: Uint8Array = stream.contents;
    for (let i = 0; i < filters.length - 1; i++) bytes = pako.inflate(bytes);
    const { decode } = await import('jpeg-js');
    const image = decode(bytes, { useTArray: true, formatAsRGBA: true });
    return { width: image.width, height: image.height, channels: 4, data: image.data };
  }
  if (filters.some((filter) => /DCT|JPX|JBIG2|CCITT/.test(filter))) return `unsupported image encoding ${filters.join(', ')}`;
  if ((readNumber(stream.dict, 'BitsPerComponent') ?? 8) !== 8) return 'only 8-bit images are supported';
  const channels = componentCount(stream);
  if (!channels) return 'unsupported colour space';
  const decoded = unpredict(decodePDFRawStream(stream).decode(), stream, channels, width);
  if (decoded.length < width * height * channels) return 'the image data is truncated';
  return { width, height, channels, data: decoded };
}

/** JPEG bytes when the image is a plain JPEG (optionally Flate-wrapped) without a soft mask. */
function plainJpeg(image: PDFRawStream): Uint8Array | undefined {
  const filters = filterNames(image);
  if (filters.length !== 1 || filters[0] !== 'DCTDecode' || lookup(image.dict, 'SMask')) return undefined;
  return image.contents;
}

export async function extractStampImage(dict: PDFDict): Promise<StampImageResult> {
  const appearance = normalAppearance(dict);
  if (!appearance) return { reason: 'it has no normal appearance stream' };
  const image = findImage(appearance, 0);
  if (!image) return { reason: 'its appearance is a vector drawing, not an image' };
  const jpeg = plainJpeg(image);
  if (jpeg) return { dataUrl: toDataUrl('image/jpeg', jpeg) };
  try {
    const pixels = await decodePixels(image);
    if (typeof pixels === 'string') return { reason: pixels };
    const mask = lookup(image.dict, 'SMask');
    const alpha = mask instanceof PDFRawStream ? await decodePixels(mask) : undefined;
    if (typeof alpha === 'string') return { reason: `its soft mask cannot be read: ${alpha}` };
    if (alpha && (alpha.width !== pixels.width || alpha.height !== pixels.height || alpha.channels !== 1)) {
      return { reason: 'its soft mask does not match the image size' };
    }
    return { dataUrl: toDataUrl('image/png', toPng(pixels, alpha)) };
  } catch (error) {
    return { reason: `its image could not be decoded (${error instanceof Error ? error.message : String(error)})` };
  }
}

function toPng(pixels: Pixels, alpha: Pixels | undefined): Uint8Array {
  const { width, height, channels, data } = pixels;
  const count = width * height;
  const out = new Uint8Array(count * (alpha || channels === 4 ? 4 : 3));
  const outChannels = out.length / count;
  for (let i = 0; i < count; i++) {
    const source = i * channels;
    const target = i * outChannels;
    const gray = channels === 1;
    out[target] = data[source] as number;
    out[target + 1] = data[gray ? source : source + 1] as number;
    out[target + 2] = data[gray ? source : source + 2] as number;
    if (outChannels === 4) out[target + 3] = alpha ? (alpha.data[i] as number) : channels === 4 ? (data[source + 3] as number) : 255;
  }
  return encodePng(width, height, out, outChannels as 3 | 4);
}
