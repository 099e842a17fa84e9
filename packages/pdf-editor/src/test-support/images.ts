// Builds small real images for tests: PNGs encoded by hand (zlib and CRC-32 from Node), so image
// export can be checked pixel by pixel without an image library.
import { crc32, deflateSync } from 'node:zlib';

/** One pixel's channel values: 1 (grey), 3 (RGB) or 4 (RGBA), each 0-255. */
export type Pixel = number[];

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG from rows of pixels, optionally 16-bit or with corrupt compressed data. */
export function png(rows: Pixel[][], options: { colorType: 0 | 2 | 6; bitDepth?: 8 | 16; corrupt?: boolean }): Uint8Array {
  const bitDepth = options.bitDepth ?? 8;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(rows[0]?.length ?? 0, 0);
  header.writeUInt32BE(rows.length, 4);
  header.set([bitDepth, options.colorType, 0, 0, 0], 8);
  const raw = Buffer.concat(
    rows.map((row) => Buffer.from([0, ...row.flatMap((pixel) => pixel.flatMap((value) => (bitDepth === 16 ? [value, value] : [value])))])),
  );
  const data = deflateSync(raw);
  if (options.corrupt) data.fill(0x55, 2);
  return new Uint8Array(
    Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', data), chunk('IEND', Buffer.alloc(0))]),
  );
}

/** A PNG of `width` x `height` pixels, all of one RGB colour (0-255 channels). */
export function solidPng(width: number, height: number, color: { r: number; g: number; b: number }): Uint8Array {
  const row = Array.from({ length: width }, () => [color.r, color.g, color.b]);
  return png(Array.from({ length: height }, () => row), { colorType: 2 });
}

export function pngDataUrl(bytes: Uint8Array): string {
  return `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`;
}
