/* global process, Response */
// A route handler exporting Arabic with a fallback font as docs/export-and-import.md shows it:
// Noto Sans Arabic read with Node's readFile (a Buffer), subset by glyph id for the shaped text.
// A failure answers 500 with the error's name.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { exportPdf, normalizeAnnotation, SCRIPT_RANGES } from '@marginalia/pdf-editor/core';

export const dynamic = 'force-dynamic';

const NOTO_SANS_ARABIC = join(process.cwd(), 'node_modules/@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf');

export async function GET() {
  const source = await readFile(join(process.cwd(), 'public/sample.pdf'));
  const annotation = normalizeAnnotation({ type: 'text', page: 1, position: { x: 20, y: 120 }, content: 'مرحبا بالعالم', fontSize: 24 });
  try {
    const bytes = await exportPdf(source, [annotation], {
      fonts: { fallbacks: [{ name: 'Noto Sans Arabic', covers: SCRIPT_RANGES.arabic, load: () => readFile(NOTO_SANS_ARABIC) }] },
    });
    return new Response(bytes, { headers: { 'content-type': 'application/pdf' } });
  } catch (error) {
    return Response.json({ name: error.name, message: error.message }, { status: 500 });
  }
}
