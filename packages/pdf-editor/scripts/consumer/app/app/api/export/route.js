/* global process, Response */
// A route handler exporting text beyond Latin on the server: accented Latin, Greek and Cyrillic
// need the SDK's bundled DejaVu Sans, Arabic and Hebrew its HarfBuzz shaper too, both files the
// server bundle has to find. A failure answers 500 with the error's name.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { exportPdf, normalizeAnnotation } from '@marginalia/pdf-editor/core';

export const dynamic = 'force-dynamic';

const text = (content, y) => normalizeAnnotation({ type: 'text', page: 1, position: { x: 20, y }, content, fontSize: 14 });

export async function GET() {
  const source = await readFile(join(process.cwd(), 'public/sample.pdf'));
  try {
    const bytes = await exportPdf(source, [text('Grüße — Ελληνικά — Привет', 80), text('مرحبا بالعالم', 120)]);
    return new Response(bytes, { headers: { 'content-type': 'application/pdf' } });
  } catch (error) {
    return Response.json({ name: error.name, message: error.message }, { status: 500 });
  }
}
