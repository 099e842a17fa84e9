import { crc32 as zlibCrc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePng } from './png';

/** The chunks of a PNG file: type, data and the CRC written after them. */
function chunksOf(png: Uint8Array) {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: { type: string; data: Uint8Array; crc: number; typeAndData: Uint8Array }[] = [];
  for (let at = 8; at < png.length; ) {
    const length = view.getUint32(at);
    chunks.push({
      type: String.fromCharCode(...png.subarray(at + 4, at + 8)),
      data: png.subarray(at + 8, at + 8 + length),
      crc: view.getUint32(at + 8 + length),
      typeAndData: png.subarray(at + 4, at + 8 + length),
    });
    at += 12 + length;
  }
  return chunks;
}

describe('encodePng', () => {
  it('writes a PNG whose every chunk carries the CRC-32 readers check, and whose rows hold the pixels', () => {
    const pixels = new Uint8Array([255, 0, 0, 128, 0, 255, 0, 255]);
    const png = encodePng(2, 1, pixels, 4);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const chunks = chunksOf(png);
    expect(chunks.map(({ type }) => type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    for (const chunk of chunks) expect(chunk.crc).toBe(zlibCrc32(chunk.typeAndData));
    // One row: filter byte 0, then the RGBA samples as given.
    expect([...inflateSync(chunks[1]!.data)]).toEqual([0, ...pixels]);
  });
});
