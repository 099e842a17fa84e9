// Recognises an upload by its first bytes, not by its name or declared type: a renamed executable
// or a text file called .pdf is refused whatever it claims to be.
import { open } from 'node:fs/promises';

export type FileKind = 'pdf' | 'png' | 'jpeg' | 'doc' | 'docx';

export const MIME_TYPES: Record<FileKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** Bytes read from the start of a file; enough for a DOCX's first ZIP entries. */
export const SNIFF_BYTES = 64 * 1024;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const OLE_CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

/**
 * File names of the ZIP local file headers found in `bytes`. Headers are found by their signature
 * rather than by walking sizes, because entries written with a data descriptor give no size up front.
 */
function zipEntryNames(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoder = new TextDecoder();
  const names: string[] = [];
  for (let offset = 0; offset + 30 <= bytes.length; offset += 1) {
    if (!startsWith(bytes, ZIP_LOCAL_HEADER, offset)) continue;
    const nameLength = view.getUint16(offset + 26, true);
    const nameEnd = offset + 30 + nameLength;
    if (nameLength === 0 || nameLength > 512 || nameEnd > bytes.length) continue;
    names.push(decoder.decode(bytes.subarray(offset + 30, nameEnd)));
    offset = nameEnd - 1;
  }
  return names;
}

export function detectFileKind(head: Uint8Array): FileKind | undefined {
  // PDF readers accept the header anywhere in the first 1024 bytes; an upload must begin with it.
  if (new TextDecoder('latin1').decode(head.subarray(0, 5)) === '%PDF-') return 'pdf';
  if (startsWith(head, PNG)) return 'png';
  if (startsWith(head, JPEG)) return 'jpeg';
  if (startsWith(head, OLE_CFB)) return 'doc';
  if (startsWith(head, ZIP_LOCAL_HEADER)) {
    // A DOCX is a ZIP whose first entries include the OPC content types and the word/ part.
    const names = zipEntryNames(head);
    if (names.includes('[Content_Types].xml') && names.some((name) => name.startsWith('word/'))) return 'docx';
  }
  return undefined;
}

/** The first `SNIFF_BYTES` of a file (fewer when it is shorter). */
export async function readFileHead(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = new Uint8Array(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export async function detectFileKindOfPath(path: string): Promise<FileKind | undefined> {
  return detectFileKind(await readFileHead(path));
}
