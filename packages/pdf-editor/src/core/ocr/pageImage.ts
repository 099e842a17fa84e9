// The picture of a scanned page, for the recogniser: the largest image the page paints, as the
// file holds it, and where it sits on the page. A JPEG (how scanners and most scan-to-PDF tools
// store colour and grey pages) goes to the recogniser as its own bytes, undecoded; 8-bit grey or
// RGB and 1-bit samples (black-and-white scans, image masks) are written as a PNG. Reading the
// image rather than rendering the page needs no canvas, so the same code runs in Node and in a
// browser worker, and the recogniser sees the scan's own pixels at the scan's own resolution.
import { PdfBool, PdfStream, type PDF } from '../pdf/engine';
import { componentCount, decodedData, filterNames } from '../import/stampImage';
import { createDictReader, numbersOf, readNumber, type DictReader } from '../import/pdfReaders';
import { encodePng } from '../import/png';
import { multiply, type Matrix, type PaintedImage } from './contentScan';

export interface PageImage {
  /** PNG or JPEG bytes. */
  bytes: Uint8Array;
  width: number;
  height: number;
  /** Maps the image's unit square to the page's default user space. */
  matrix: Matrix;
  /** Quarter turns clockwise that make the image upright as the page is shown (its matrix and /Rotate). */
  turns: number;
  /** Its RGB samples, when they were decoded (not a JPEG passed through). */
  pixels?: Uint8Array;
}

/**
 * How many quarter turns clockwise the image needs to look as displayed: the page's matrix turns
 * its x axis counter-clockwise by atan2(b, a), the page's /Rotate clockwise by `rotation`.
 */
function quarterTurns([a, b]: Matrix, rotation: number): number {
  const degrees = rotation - (Math.atan2(b, a) * 180) / Math.PI;
  return (((Math.round(degrees / 90) % 4) + 4) % 4);
}

/** Maps the unit square of the image turned `turns` quarter turns clockwise to the unturned one's. */
const UNTURN: readonly Matrix[] = [
  [1, 0, 0, 1, 0, 0],
  [0, 1, -1, 0, 1, 0],
  [-1, 0, 0, -1, 1, 1],
  [0, -1, 1, 0, 0, 1],
];

/**
 * The image turned upright for the recogniser (a scan stored sideways and shown upright through
 * /Rotate or its matrix), as PNG, with the matrix that places the turned image where the original
 * is. A JPEG is decoded first; an upright image is returned as it is.
 */
export async function upright(image: PageImage): Promise<PageImage> {
  const { turns, width, height } = image;
  if (turns === 0) return image;
  let rgb = image.pixels;
  if (!rgb) {
    const { decode } = await import('jpeg-js');
    rgb = decode(image.bytes, { useTArray: true, formatAsRGBA: false }).data;
  }
  const across = turns % 2 === 1;
  const [w, h] = across ? [height, width] : [width, height];
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Where pixel (x, y) lands once turned clockwise.
      const [tx, ty] = turns === 1 ? [height - 1 - y, x] : turns === 2 ? [width - 1 - x, height - 1 - y] : [y, width - 1 - x];
      out.set(rgb.subarray((y * width + x) * 3, (y * width + x) * 3 + 3), (ty * w + tx) * 3);
    }
  }
  return { bytes: encodePng(w, h, out, 3), width: w, height: h, matrix: multiply(UNTURN[turns] as Matrix, image.matrix), turns: 0 };
}

const area = ([a, b, c, d]: Matrix): number => Math.abs(a * d - b * c);

/** Samples per pixel and bits per sample of an image the recogniser can be given, or why not. */
function sampleFormat(read: DictReader, image: PdfStream): { channels: number; bits: number } | string {
  const bits = readNumber(read, image, 'BitsPerComponent') ?? 1;
  const mask = read.lookup(image, 'ImageMask');
  const channels = mask instanceof PdfBool && mask.value ? 1 : componentCount(read, image);
  if (!channels) return 'its colour space is not grey or RGB';
  if (bits !== 8 && !(bits === 1 && channels === 1)) return `its ${bits}-bit samples are not supported`;
  return { channels, bits };
}

/** 8-bit grey or RGB samples, or 1-bit ones expanded to grey (0 black unless /Decode [1 0]), as RGB. */
function samplesAsRgb(read: DictReader, image: PdfStream, filters: string[], width: number, height: number, { channels, bits }: { channels: number; bits: number }): Uint8Array | string {
  const data = decodedData(read, image, filters);
  const stride = bits === 1 ? Math.ceil(width / 8) : width * channels;
  if (data.length < stride * height) return 'its data is truncated';
  const decode = numbersOf(read, read.lookup(image, 'Decode'));
  const inverted = decode !== undefined && decode[0] === 1 && decode[1] === 0;
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const out = (y * width + x) * 3;
      if (bits === 1) {
        const bit = ((data[y * stride + (x >> 3)] as number) >> (7 - (x & 7))) & 1;
        rgb.fill(bit === (inverted ? 0 : 1) ? 255 : 0, out, out + 3);
      } else {
        const at = y * stride + x * channels;
        for (let k = 0; k < 3; k++) {
          const value = data[at + (channels === 1 ? 0 : k)] as number;
          rgb[out + k] = inverted ? 255 - value : value;
        }
      }
    }
  }
  return rgb;
}

/** A page's picture, chosen and checked; its bytes are read by `load`, one page at a time. */
export interface PickedImage {
  /** The image for the recogniser, or why it could not be decoded. */
  load(): PageImage | string;
}

/** The page's largest painted image, for the recogniser, or why there is none it can read. */
export function pageImage(pdf: PDF, painted: readonly PaintedImage[], rotation: number): PickedImage | string {
  const largest = [...painted].sort((a, b) => area(b.matrix) - area(a.matrix))[0];
  if (!largest || area(largest.matrix) === 0) return 'it shows no image';
  const read = createDictReader(pdf);
  const { image, matrix } = largest;
  const width = readNumber(read, image, 'Width') ?? 0;
  const height = readNumber(read, image, 'Height') ?? 0;
  if (width <= 0 || height <= 0) return 'its image has no size';
  const filters = filterNames(read, image);
  const unsupported = filters.find((filter) => /JPX|JBIG2|CCITT/.test(filter));
  if (unsupported) return `its image is stored as ${unsupported}, which cannot be read yet`;
  const jpeg = filters.at(-1) === 'DCTDecode';
  const format = jpeg ? undefined : sampleFormat(read, image);
  if (typeof format === 'string') return format;
  const turns = quarterTurns(matrix, rotation);
  return {
    load() {
      try {
        if (!format) return { bytes: decodedData(read, image, filters), width, height, matrix, turns };
        const rgb = samplesAsRgb(read, image, filters, width, height, format);
        return typeof rgb === 'string' ? rgb : { bytes: encodePng(width, height, rgb, 3), pixels: rgb, width, height, matrix, turns };
      } catch (error) {
        return `its image could not be decoded (${error instanceof Error ? error.message : String(error)})`;
      }
    },
  };
}
