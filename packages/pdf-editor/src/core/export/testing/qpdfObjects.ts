// Test helper: every object of a PDF as qpdf reads it (`qpdf --json`), so tests can look at the
// objects an export wrote without going through the engine, which wrote them.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** A dictionary as qpdf prints it: names as "/Name", references as "12 0 R". */
export type QpdfDict = Record<string, unknown>;

export interface QpdfObject {
  /** "12 0 R" */
  ref: string;
  /** The object's value, or a stream's dictionary. */
  dict: QpdfDict | undefined;
  isStream: boolean;
}

export async function qpdfObjects(bytes: Uint8Array): Promise<QpdfObject[]> {
  const dir = await mkdtemp(join(tmpdir(), 'marginalia-qpdf-'));
  try {
    const path = join(dir, 'in.pdf');
    await writeFile(path, bytes);
    const { stdout } = await promisify(execFile)('qpdf', ['--json=2', '--json-key=qpdf', path], { maxBuffer: 256 * 1024 * 1024 });
    const [, objects] = (JSON.parse(stdout) as { qpdf: [unknown, Record<string, { value?: unknown; stream?: { dict: QpdfDict } }>] }).qpdf;
    return Object.entries(objects)
      .filter(([key]) => key.startsWith('obj:'))
      .map(([key, entry]) => {
        const isStream = entry.stream !== undefined;
        const value = isStream ? entry.stream?.dict : entry.value;
        const dict = value && typeof value === 'object' && !Array.isArray(value) ? (value as QpdfDict) : undefined;
        return { ref: key.slice(4), dict, isStream };
      });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
