// Test-only: reads a redacted file the way an auditor would, with tools other than the engines
// that wrote it: qpdf's decompressed rewrite of every object, searched for words however a PDF
// string may spell them.
import { spawnSync } from 'node:child_process';
import { writeTemp } from '../pages/pdfTools.testkit';

/**
 * The file as qpdf writes it with every stream decompressed, no object streams, and the objects
 * nothing refers to kept (qpdf drops them otherwise, hiding what a file still carries).
 */
export function decompressed(bytes: Uint8Array, password?: string): string {
  const args = [...(password ? [`--password=${password}`] : []), '--qdf', '--preserve-unreferenced', '--object-streams=disable', writeTemp(bytes), '-'];
  const result = spawnSync('qpdf', args, { encoding: 'latin1', maxBuffer: 1 << 28 });
  if (result.status !== 0 && result.status !== 3) throw new Error(`qpdf failed: ${result.stderr}`);
  return result.stdout;
}

/** Whether `text` holds `word`: literally, or as the hex of its bytes in Latin-1 or UTF-16 (how PDF strings may spell it). */
export function holds(text: string, word: string): boolean {
  const lower = text.toLowerCase().replace(/\s+/g, '');
  const latin = Buffer.from(word, 'latin1').toString('hex');
  const utf16 = [...word].map((character) => character.charCodeAt(0).toString(16).padStart(4, '0')).join('');
  return text.includes(word) || lower.includes(latin) || lower.includes(utf16);
}
