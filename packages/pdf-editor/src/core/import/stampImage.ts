// Recovers the picture of a /Stamp from its appearance: the first image XObject the normal
// appearance (or a form inside it) paints, as a data URL. JPEGs without transparency are passed
// through untouched; everything else is decoded to 8-bit pixels, its soft mask applied as alpha,
// and written as PNG. Vector-only appearances and exotic encodings give a reason instead.
import { PdfArray, PdfDict, PdfName, PdfStream } from '../pdf/engine';
import { pdfValue } from '../pdf/objects';
import type { PdfDictionary } from '../pdfObjectTypes';
import { readName, readNumber, type DictReader } from './pdfReaders';
import { encodePng, toDataUrl } from './png';

export type StampImageResult = { dataUrl: string } | { reason: string };

const MAX_FORM_DEPTH = 4;

function normalAppearance(read: DictReader, dict: PdfDictionary): PdfStream | undefined {
  const ap = read.lookup(dict, 'AP');
  if (!(ap instanceof PdfDict)) return undefined;
  const normal = read.lookup(ap, 'N');
  if (normal instanceof PdfStream) return normal;
  if (normal instanceof PdfDict) {
    const state = readName(read, dict, 'AS');
    const key = state ?? [...normal.keys()][0]?.value;
    const chosen = key ? read.lookup(normal, key) : undefined;
    return chosen instanceof PdfStream ? chosen : undefined;
  }
  return undefined;
}

function findImage(read: DictReader, form: PdfStream, depth: number): PdfStream | undefined {
  const resources = read.lookup(form, 'Resources');
  const xObjects = resources instanceof PdfDict ? read.lookup(resources, 'XObject') : undefined;
  if (!(xObjects instanceof PdfDict)) return undefined;
  const forms: PdfStream[] = [];
  for (const key of xObjects.keys()) {
    const object = read.lookup(xObjects, key.value);
    if (!(object instanceof PdfStream)) continue;
    const subtype = readName(read, object, 'Subtype');
    if (subtype === 'Image') return object;
    if (subtype === 'Form') forms.push(object);
  }
  if (depth >= MAX_FORM_DEPTH) return undefined;
  for (const nested of forms) {
    const image = findImage(read, nested, depth + 1);
    if (image) return image;
  }
  return undefined;
}

export function filterNames(read: DictReader, stream: PdfStream): string[] {
  const filter = read.lookup(stream, 'Filter');
  if (filter instanceof PdfName) return [filter.value];
  if (filter instanceof PdfArray) {
    return filter.toArray().flatMap((item) => {
      const name = read.resolve(item);
      return name instanceof PdfName ? [name.value] : [];
    });
  }
  return [];
}

/** Components per pixel of DeviceGray/RGB or an ICC-based space; undefined for anything else. */
export function componentCount(read: DictReader, stream: PdfStream): number | undefined {
  const space = read.lookup(stream, 'ColorSpace');
  const name = space instanceof PdfName ? space.value : undefined;
  if (name === 'DeviceGray' || name === 'G') return 1;
  if (name === 'DeviceRGB' || name === 'RGB') return 3;
  const family = space instanceof PdfArray && space.length === 2 ? read.item(space, 0) : undefined;
  if (space instanceof PdfArray && family instanceof PdfName && family.value === 'ICCBased') {
    const profile = read.item(space, 1);
    const n = profile instanceof PdfStream ? readNumber(read, profile, 'N') : undefined;
    return n === 1 || n === 3 ? n : undefined;
  }
  return undefined;
}

/**
 * The stream's data through `filters` (its /Filter as `filterNames` reads it), decoded by the
 * engine, which also undoes /DecodeParms predictors and passes JPEG data through as it is. The
 * engine follows no reference in those two entries, so it decodes a copy that has them resolved.
 */
export function decodedData(read: DictReader, stream: PdfStream, filters: string[]): Uint8Array {
  const copy = new PdfStream(stream, stream.data);
  copy.set('Filter', new PdfArray(filters.map((name) => PdfName.of(name))));
  const parms = read.lookup(stream, 'DecodeParms');
  if (parms) copy.set('DecodeParms', pdfValue(parms));
  return copy.getDecodedData();
}

interface Pixels {
  width: number;
  height: number;
  channels: number;
  data: Uint8Array;
}

async function decodePixels(read: DictReader, stream: PdfStream): Promise<Pixels | string> {
  const width = readNumber(read, stream, 'Width') ?? 0;
  const height = readNumber(read, stream, 'Height') ?? 0;
  if (width <= 0 || height <= 0) return 'the image has no size';
  const filters = filterNames(read, stream);
  if (filters.at(-1) === 'DCTDecode') {
    const { decode } = await import('jpeg-js');
    const image = decode(decodedData(read, stream, filters), { useTArray: true, formatAsRGBA: true });
    return { width: image.width, height: image.height, channels: 4, data: image.data };
  }
  if (filters.some((filter) => /DCT|JPX|JBIG2|CCITT/.test(filter))) return `unsupported image encoding ${filters.join(', ')}`;
  if ((readNumber(read, stream, 'BitsPerComponent') ?? 8) !== 8) return 'only 8-bit images are supported';
  const channels = componentCount(read, stream);
  if (!channels) return 'unsupported colour space';
  const decoded = decodedData(read, stream, filters);
  if (decoded.length < width * height * channels) return 'the image data is truncated';
  return { width, height, channels, data: decoded };
}

/** JPEG bytes when the image is a plain JPEG (optionally Flate-wrapped) without a soft mask. */
function plainJpeg(read: DictReader, image: PdfStream): Uint8Array | undefined {
  const filters = filterNames(read, image);
  if (filters.length !== 1 || filters[0] !== 'DCTDecode' || read.lookup(image, 'SMask')) return undefined;
  return image.data;
}

export async function extractStampImage(read: DictReader, dict: PdfDictionary): Promise<StampImageResult> {
  const appearance = normalAppearance(read, dict);
  if (!appearance) return { reason: 'it has no normal appearance stream' };
  const image = findImage(read, appearance, 0);
  if (!image) return { reason: 'its appearance is a vector drawing, not an image' };
  const jpeg = plainJpeg(read, image);
  if (jpeg) return { dataUrl: toDataUrl('image/jpeg', jpeg) };
  try {
    const pixels = await decodePixels(read, image);
    if (typeof pixels === 'string') return { reason: pixels };
    const mask = read.lookup(image, 'SMask');
    const alpha = mask instanceof PdfStream ? await decodePixels(read, mask) : undefined;
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
