// Marks the built React entry (dist/index.js and dist/index.cjs) as client code with 'use client',
// so that a React Server Component (Next.js App Router) may import @marginalia/pdf-editor and
// render <PdfEditor>: the bundler then treats the entry as a client boundary instead of running
// its createContext and hooks on the server. esbuild drops module directives when it bundles, so
// the directive is written after the build. Only the React entry gets it: "./core" and "./editor"
// (and the chunks they share with it, which hold no React) stay plain modules that server code
// imports and runs.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const DIRECTIVE = "'use client';\n";

for (const file of ['index.js', 'index.cjs']) {
  const path = join(dist, file);
  const code = readFileSync(path, 'utf8');
  if (code.startsWith(DIRECTIVE)) continue;
  writeFileSync(path, DIRECTIVE + code);
  // The code moved down one line: an empty first line in the source map keeps it pointing right.
  const mapPath = `${path}.map`;
  const map = JSON.parse(readFileSync(mapPath, 'utf8'));
  map.mappings = `;${map.mappings}`;
  writeFileSync(mapPath, JSON.stringify(map));
}
