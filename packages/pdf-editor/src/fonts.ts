// Loads the DejaVu Sans fonts published in the package's fonts/ folder (copied there by
// scripts/copy-fonts.mjs). This module sits directly in src/ so that '../fonts/' resolves to the
// same folder from the sources and from the bundled dist/*.js.

import { FontLoadError } from './core/errors';

export type BundledFontStyle = 'regular' | 'bold' | 'italic' | 'boldItalic';

const FILES: Record<BundledFontStyle, string> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  boldItalic: 'DejaVuSans-BoldOblique.ttf',
};

const cache = new Map<BundledFontStyle, Promise<Uint8Array>>();

function fontUrl(style: BundledFontStyle): URL {
  // Each URL is written out literally so bundlers (Vite, webpack 5) can see and emit the asset.
  switch (style) {
    case 'regular':
      return new URL('../fonts/DejaVuSans.ttf', import.meta.url);
    case 'bold':
      return new URL('../fonts/DejaVuSans-Bold.ttf', import.meta.url);
    case 'italic':
      return new URL('../fonts/DejaVuSans-Oblique.ttf', import.meta.url);
    case 'boldItalic':
      return new URL('../fonts/DejaVuSans-BoldOblique.ttf', import.meta.url);
  }
}

async function readFont(url: URL): Promise<Uint8Array> {
  if (url.protocol === 'file:') {
    // A computed specifier keeps browser bundlers from trying to resolve a Node built-in.
    const specifier = 'node:fs/promises';
    const fs = (await import(/* @vite-ignore */ specifier)) as typeof import('node:fs/promises');
    return new Uint8Array(await fs.readFile(url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url.href}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * The bytes of a bundled DejaVu Sans face; loaded once per process and reused.
 * @throws FontLoadError when the file cannot be read where the bundle put it.
 */
export function loadBundledFont(style: BundledFontStyle): Promise<Uint8Array> {
  let pending = cache.get(style);
  if (!pending) {
    pending = readFont(fontUrl(style)).catch((error: unknown) => {
      cache.delete(style);
      // Typed, and never swallowed: a server bundle that did not emit the font file (webpack in a
      // Next.js route handler) must not turn Unicode text into "?".
      throw new FontLoadError(`the bundled font ${FILES[style]} (pass its bytes as options.fonts.unicode)`, error);
    });
    cache.set(style, pending);
  }
  return pending;
}
