// Turns an annotation's image data (a data URL, an http(s) address or raw bytes) into a PDF image.
// The format is read from the bytes' signature; when that is inconclusive the spec's rule applies:
// PNG if the data string contains "png", otherwise JPEG.
import type { PDF } from '../pdf/engine';
import type { PdfReference } from '../pdfObjectTypes';
import { ascii } from '../pdf/update';
import { embedPng } from './pngImage';

/** An image embedded in the document, drawn through its reference. */
export interface EmbeddedImage {
  ref: PdfReference;
}

type ImageFormat = 'png' | 'jpeg';

/** `atob` gives one character a byte. */
function base64ToBytes(base64: string): Uint8Array {
  return ascii(atob(base64.replace(/\s+/g, '')));
}

function decodeDataUrl(url: string): Uint8Array {
  const comma = url.indexOf(',');
  if (comma < 0) throw new Error('malformed data URL (no comma)');
  const header = url.slice(0, comma);
  const payload = url.slice(comma + 1);
  if (/;base64$/i.test(header)) return base64ToBytes(payload);
  return new TextEncoder().encode(decodeURIComponent(payload));
}

async function imageBytes(data: string | Uint8Array): Promise<Uint8Array> {
  if (typeof data !== 'string') return data;
  const trimmed = data.trim();
  if (/^data:/i.test(trimmed)) return decodeDataUrl(trimmed);
  if (/^(https?|blob):/i.test(trimmed)) {
    const response = await fetch(trimmed);
    if (!response.ok) throw new Error(`HTTP ${response.status} fetching the image`);
    return new Uint8Array(await response.arrayBuffer());
  }
  return base64ToBytes(trimmed);
}

function sniffFormat(bytes: Uint8Array): ImageFormat | undefined {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return undefined;
}

/** Embeds the image; throws when the data cannot be read or decoded as PNG or JPEG. */
export async function embedImageData(doc: PDF, data: string | Uint8Array): Promise<EmbeddedImage> {
  const bytes = await imageBytes(data);
  if (bytes.length === 0) throw new Error('empty image data');
  const format = sniffFormat(bytes) ?? (typeof data === 'string' && data.includes('png') ? 'png' : 'jpeg');
  return format === 'png' ? embedPng(doc, bytes) : { ref: doc.embedJpeg(bytes).ref };
}
