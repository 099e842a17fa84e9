// Ships the files dist/ serves next to the bundled code: the editor's one stylesheet as
// dist/styles.css (package export "./styles.css") and pdf.js's worker as dist/pdf.worker.min.mjs,
// which the editor loads with `new URL('./pdf.worker.min.mjs', import.meta.url)` so that every
// bundler and dev server finds it without configuration. pdfjs-dist is pinned to one exact version
// in package.json: pdf.js refuses a worker of another version than its API.
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
mkdirSync(join(root, 'dist'), { recursive: true });
copyFileSync(join(root, 'src/react/styles.css'), join(root, 'dist/styles.css'));
const pdfjs = dirname(require.resolve('pdfjs-dist/package.json'));
copyFileSync(join(pdfjs, 'build/pdf.worker.min.mjs'), join(root, 'dist/pdf.worker.min.mjs'));
