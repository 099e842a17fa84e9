// Copies the DejaVu Sans fonts (Bitstream Vera / DejaVu licence, free to redistribute) from the
// dejavu-fonts-ttf package into fonts/, which is published with the package: exportPdf embeds
// them for text outside WinAnsi (Greek, Cyrillic, accented Latin, ...). HarfBuzz's WebAssembly
// build (harfbuzzjs, MIT) goes there too: the export shapes right-to-left and complex scripts with it.
import { copyFileSync, mkdirSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const target = join(packageRoot, 'fonts');
const files = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'DejaVuSans-Oblique.ttf', 'DejaVuSans-BoldOblique.ttf'];

mkdirSync(target, { recursive: true });
for (const file of files) {
  if (!existsSync(join(target, file))) copyFileSync(join(source, file), join(target, file));
}
copyFileSync(join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'LICENSE'), join(target, 'LICENSE-DejaVu'));
const harfbuzzWasm = require.resolve('harfbuzzjs/dist/harfbuzz.wasm');
copyFileSync(harfbuzzWasm, join(target, 'harfbuzz.wasm'));
copyFileSync(join(dirname(harfbuzzWasm), '..', 'LICENSE'), join(target, 'LICENSE-HarfBuzz'));
