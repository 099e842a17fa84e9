// What a lazy fallback font claims to cover, known without loading it: the export decides from it
// which fonts to load, and the editor's worker export loads on the main thread only the fallbacks a
// document's texts need (a loader function cannot be sent to a worker). No PDF engine here, so the
// editor's main bundle can use it.
import type { CodePointRanges, ExportFontOptions, FontBytes, LazyFont } from './options';

export type Covers = (codePoint: number) => boolean;

export function isLazyFont(value: FontBytes | LazyFont): value is LazyFont {
  return !(value instanceof Uint8Array) && !(value instanceof ArrayBuffer);
}

/** The code points `font` claims; ASCII always, since every text font has it. */
export function claimedBy(font: LazyFont): Covers {
  const { covers } = font;
  const claims: Covers =
    typeof covers === 'function' ? covers : (cp) => covers.some(([first, last]) => cp >= first && cp <= last);
  return (cp) => cp < 0x80 || claims(cp);
}

/**
 * A fallback loaded ahead, in a form a worker message can carry: its bytes, with the ranges it
 * claims when it claimed ranges (a claim given as a function cannot be sent, so that font goes as
 * plain bytes, used only for what the Unicode font lacks).
 */
export type PreloadedFallback = FontBytes | { name?: string; covers: CodePointRanges; bytes: FontBytes };

/** ExportFontOptions as `withFallbacksLoaded` gives them for a worker; `revivePreloaded` turns them back. */
export interface PreloadedFonts extends Omit<ExportFontOptions, 'fallbacks'> {
  fallbacks?: readonly PreloadedFallback[];
}

/**
 * `fonts` with every lazy fallback loaded when one of `texts` has a non-ASCII character it claims,
 * and left out otherwise; each needed loader is called once.
 */
export async function withFallbacksLoaded(fonts: ExportFontOptions, texts: readonly string[]): Promise<PreloadedFonts> {
  if (!fonts.fallbacks?.some(isLazyFont)) return fonts as PreloadedFonts;
  const points = new Set<number>();
  for (const text of texts) for (const char of text) if (char.charCodeAt(0) >= 0x80) points.add(char.codePointAt(0) ?? 0);
  const needed = fonts.fallbacks.filter((font) => {
    if (!isLazyFont(font)) return true;
    const claims = claimedBy(font);
    return [...points].some(claims);
  });
  const fallbacks = await Promise.all(
    needed.map(async (font): Promise<PreloadedFallback> => {
      if (!isLazyFont(font)) return font;
      const bytes = await font.load();
      return typeof font.covers === 'function' ? bytes : { ...(font.name !== undefined && { name: font.name }), covers: font.covers, bytes };
    }),
  );
  return { ...fonts, fallbacks };
}

/** The export options of fonts preloaded by `withFallbacksLoaded`: ranged fallbacks keep their claims. */
export function revivePreloaded(fonts: PreloadedFonts): ExportFontOptions {
  const { fallbacks, ...rest } = fonts;
  if (!fallbacks) return rest;
  const revive = (font: PreloadedFallback): FontBytes | LazyFont => {
    if (font instanceof Uint8Array || font instanceof ArrayBuffer) return font;
    return { ...(font.name !== undefined && { name: font.name }), covers: font.covers, load: () => Promise.resolve(font.bytes) };
  };
  return { ...rest, fallbacks: fallbacks.map(revive) };
}
