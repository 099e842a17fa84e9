// The pixel size a PNG or JPEG declares in its header (PNG's IHDR, JPEG's SOF marker), read without
// decoding: a 547 KB PNG can declare 20000 x 20000 pixels and need gigabytes once decoded, so images
// are measured, and refused past `MAX_IMAGE_PIXELS`, before anything decodes them.
// Imported by the PDF worker child too, so it imports nothing but Node built-ins.

/** 50 megapixels: a 36-megapixel camera photo fits; decoded as RGBA that is at most 200 MB. */
export const MAX_IMAGE_PIXELS = 50_000_000;

export interface ImageSize {
  width: number;
  height: number;
}

function pngSize(bytes: Uint8Array): ImageSize | undefined {
  // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4).
  if (bytes.length < 24 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

// Start-of-frame markers carry the size; C4 (Huffman tables), C8 (reserved) and CC (arithmetic
// conditioning) share the range but are not frames.
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

function jpegSize(bytes: Uint8Array): ImageSize | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] as number;
    // Fill bytes and markers without a length (TEM, RSTn).
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    // The scan data starts before any frame header was seen: not a usable JPEG.
    if (marker === 0xda || marker === 0xd9) return undefined;
    const length = view.getUint16(offset + 2);
    if (isStartOfFrame(marker)) {
      if (offset + 9 > bytes.length) return undefined;
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    }
    offset += 2 + length;
  }
  return undefined;
}

/** The size the image declares; undefined when the header is missing, cut short or not PNG/JPEG. */
export function imageSize(bytes: Uint8Array): ImageSize | undefined {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return pngSize(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpegSize(bytes);
  return undefined;
}

export function exceedsPixelLimit(size: ImageSize): boolean {
  return size.width * size.height > MAX_IMAGE_PIXELS;
}
