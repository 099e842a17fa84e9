// Loads the files the export needs at run time from the package's fonts/ folder (copied there by
// scripts/copy-fonts.mjs): the DejaVu Sans faces and HarfBuzz's WebAssembly shaper. This module
// sits directly in src/ so that '../fonts/' resolves to the same folder from the sources and from
// the bundled dist/*.js.
//
// Each file is found through `new URL(..., import.meta.url)`, which browser bundlers (Vite,
// webpack 5) see and emit as an asset. A server bundle can break that URL (webpack in a Next.js
// route handler emits the asset where the running code does not look), so in Node a file that is
// not where the URL points is read from the installed package instead.

import { FontLoadError } from './core/errors';

export type BundledFontStyle = 'regular' | 'bold' | 'italic' | 'boldItalic';

const FONT_FILES: Record<BundledFontStyle, string> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  boldItalic: 'DejaVuSans-BoldOblique.ttf',
};

const SHAPER_FILE = 'harfbuzz.wasm';

const cache = new Map<string, Promise<Uint8Array>>();

function fileUrl(file: string): URL {
  // Each URL is written out literally so bundlers (Vite, webpack 5) can see and emit the asset.
  switch (file) {
    case 'DejaVuSans.ttf':
      return new URL('../fonts/DejaVuSans.ttf', import.meta.url);
    case 'DejaVuSans-Bold.ttf':
      return new URL('../fonts/DejaVuSans-Bold.ttf', import.meta.url);
    case 'DejaVuSans-Oblique.ttf':
      return new URL('../fonts/DejaVuSans-Oblique.ttf', import.meta.url);
    case 'DejaVuSans-BoldOblique.ttf':
      return new URL('../fonts/DejaVuSans-BoldOblique.ttf', import.meta.url);
    default:
      return new URL('../fonts/harfbuzz.wasm', import.meta.url);
  }
}

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string';

/** A Node built-in, imported under a computed name so browser bundlers leave it alone. */
async function nodeModule<T>(name: string): Promise<T> {
  const specifier = `node:${name}`;
  return (await import(/* @vite-ignore */ /* webpackIgnore: true */ specifier)) as T;
}

/** `file` read from the fonts/ folder of the installed package, found as Node resolves packages. */
async function readFromInstalledPackage(file: string): Promise<Uint8Array> {
  const { createRequire } = await nodeModule<typeof import('node:module')>('module');
  const { readFile } = await nodeModule<typeof import('node:fs/promises')>('fs/promises');
  const { dirname, join } = await nodeModule<typeof import('node:path')>('path');
  const errors: unknown[] = [];
  // From this module (where the bundle was built), then from the app's working directory.
  for (const base of [import.meta.url, join(process.cwd(), 'package.json')]) {
    try {
      const manifest = createRequire(base).resolve('@marginalia/pdf-editor/package.json');
      return new Uint8Array(await readFile(join(dirname(manifest), 'fonts', file)));
    } catch (error) {
      errors.push(error);
    }
  }
  throw new AggregateError(errors, `@marginalia/pdf-editor/fonts/${file} is not installed where Node can find it`);
}

async function readFile(file: string): Promise<Uint8Array> {
  const url = fileUrl(file);
  try {
    if (url.protocol === 'file:') {
      const fs = await nodeModule<typeof import('node:fs/promises')>('fs/promises');
      return new Uint8Array(await fs.readFile(url));
    }
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${url.href}`);
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    if (!isNode) throw error;
    try {
      return await readFromInstalledPackage(file);
    } catch {
      throw error;
    }
  }
}

/** `file` of the fonts/ folder, loaded once per process; a failure is not cached. */
function loadBundledFile(file: string, what: string): Promise<Uint8Array> {
  let pending = cache.get(file);
  if (!pending) {
    pending = readFile(file).catch((error: unknown) => {
      cache.delete(file);
      // Typed, and never swallowed: a missing font must not turn Unicode text into "?".
      throw new FontLoadError(what, error);
    });
    cache.set(file, pending);
  }
  return pending;
}

/** Where a bundled DejaVu Sans face is served from, for the screen to draw with the file the export embeds. */
export function bundledFontUrl(style: BundledFontStyle): URL {
  return fileUrl(FONT_FILES[style]);
}

/**
 * The bytes of a bundled DejaVu Sans face; loaded once per process and reused.
 * @throws FontLoadError when the file cannot be read where the bundle put it nor from the package.
 */
export function loadBundledFont(style: BundledFontStyle): Promise<Uint8Array> {
  const file = FONT_FILES[style];
  return loadBundledFile(file, `the bundled font ${file} (pass its bytes as options.fonts.unicode)`);
}

/**
 * HarfBuzz's WebAssembly module (from harfbuzzjs), which shapes right-to-left and complex scripts.
 * @throws FontLoadError when it cannot be loaded.
 */
export function loadShaperWasm(): Promise<Uint8Array> {
  return loadBundledFile(SHAPER_FILE, `the text shaper ${SHAPER_FILE}`);
}
