// What a lazy fallback font claims to cover, known without loading it: the export decides from it
// which fonts to load, and the editor's worker export loads on the main thread only the fallbacks a
// document's texts need (a loader function cannot be sent to a worker). No PDF engine here, so the
// editor's main bundle can use it.
import type { ExportFontOptions, FontBytes, LazyFont } from './options';

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
 * `fonts` with every lazy fallback replaced by its loaded bytes when one of `texts` has a non-ASCII
 * character it claims, and left out otherwise; each needed loader is called once.
 */
export async function withFallbacksLoaded(fonts: ExportFontOptions, texts: readonly string[]): Promise<ExportFontOptions> {
  if (!fonts.fallbacks?.some(isLazyFont)) return fonts;
  const points = new Set<number>();
  for (const text of texts) for (const char of text) if (char.charCodeAt(0) >= 0x80) points.add(char.codePointAt(0) ?? 0);
  const needed = fonts.fallbacks.filter((font) => {
    if (!isLazyFont(font)) return true;
    const claims = claimedBy(font);
    return [...points].some(claims);
  });
  const fallbacks = await Promise.all(needed.map(async (font) => (isLazyFont(font) ? font.load() : font)));
  return { ...fonts, fallbacks };
}
