// The fonts the export draws a text with when the standard PDF fonts cannot (the bundled DejaVu
// Sans or the host's `exportFonts.unicode`, then the host's fallbacks such as Noto Sans SC),
// registered with the page (FontFace) from the very files the export embeds, so the screen draws
// what the PDF will: without them, Chinese on a machine with no CJK font shows as boxes while the
// export is right. A lazy fallback is fetched once a text has characters it claims, as the export
// does, and then draws just those characters (its ranges become the face's unicode-range). A text
// such a fallback draws sits on the baseline the export gives it: the export places lines with the
// heights of a text's first font, which is then that fallback (its OS/2 typographic ascent and
// descent, as the PDF engine reads them).
import { createContext } from 'react';
import type { ExportFontOptions, FontBytes, LazyFont } from '../../core/index';
import { claimedBy, isLazyFont } from '../../core/internal';
import { bundledFontUrl, type BundledFontStyle } from '../../fonts';
import type { EmHeights } from './textBaseline';

const BUNDLED_FACES: Record<BundledFontStyle, FontFaceDescriptors> = {
  regular: {},
  bold: { weight: 'bold' },
  italic: { style: 'italic' },
  boldItalic: { weight: 'bold', style: 'italic' },
};

const families = new WeakMap<object, string>();
let registered = 0;
const fetched = new WeakSet<LazyFont>();
const heights = new WeakMap<LazyFont, EmHeights>();
const canRegister = () => typeof FontFace === 'function' && typeof document === 'object';

/** The family `font` is drawn with on screen; `register` adds its faces the first time. */
function familyOf(font: object, register?: (family: string) => void): string {
  let family = families.get(font);
  if (!family) {
    family = `Marginalia font ${++registered}`;
    families.set(font, family);
    register?.(family);
  }
  return family;
}

/** Adds a face to the page; one given by URL is fetched by the browser only when a text needs it. */
function addFace(family: string, source: FontBytes | string, descriptors?: FontFaceDescriptors): void {
  document.fonts.add(new FontFace(family, source as string | BufferSource, descriptors));
}

const hex = (n: number) => n.toString(16);
/** The characters a lazy fallback draws on screen: those it claims, when it claims ranges. */
const rangeOf = ({ covers }: LazyFont): FontFaceDescriptors =>
  typeof covers === 'function' ? {} : { unicodeRange: covers.map(([first, last]) => `U+${hex(first)}-${hex(last)}`).join(',') };

/**
 * The CSS font-family list that draws a text as the export does when the standard fonts cannot
 * draw it, its faces registered with the page: fallbacks that claim ranges first (they draw what
 * they claim), then the Unicode font, then the other fallbacks for what it lacks.
 */
export function unicodeFontStack(fonts: ExportFontOptions = {}): string {
  if (!canRegister()) return 'sans-serif';
  const { unicode, fallbacks = [] } = fonts;
  const main = familyOf(unicode ?? BUNDLED_FACES, (family) => {
    if (!unicode) for (const [style, faces] of Object.entries(BUNDLED_FACES)) addFace(family, `url(${bundledFontUrl(style as BundledFontStyle).href})`, faces);
    else if (unicode instanceof Uint8Array || unicode instanceof ArrayBuffer) addFace(family, unicode);
    else for (const [style, bytes] of Object.entries(unicode)) if (bytes) addFace(family, bytes as FontBytes, BUNDLED_FACES[style as BundledFontStyle]);
  });
  const ranged = fallbacks.filter((font) => isLazyFont(font) && typeof font.covers !== 'function');
  const named = (font: FontBytes | LazyFont) => familyOf(font, isLazyFont(font) ? undefined : (family) => addFace(family, font));
  return `${[...ranged.map(named), main, ...fallbacks.filter((font) => !ranged.includes(font)).map(named)].map((family) => `"${family}"`).join(', ')}, sans-serif`;
}

/** A font file's typographic ascent and line height (ascent minus descent) per em, from its OS/2 table. */
function emHeightsOf(bytes: FontBytes): EmHeights | undefined {
  const view = ArrayBuffer.isView(bytes) ? new DataView(bytes.buffer, bytes.byteOffset) : new DataView(bytes);
  let unitsPerEm = 0;
  let os2 = 0;
  for (let i = 0, count = view.getUint16(4); i < count; i++) {
    const tag = view.getUint32(12 + 16 * i);
    const at = view.getUint32(20 + 16 * i);
    if (tag === 0x68656164 /* head */) unitsPerEm = view.getUint16(at + 18);
    if (tag === 0x4f532f32 /* OS/2 */) os2 = at;
  }
  if (!unitsPerEm || !os2) return undefined;
  const ascent = view.getInt16(os2 + 68) / unitsPerEm;
  return { ascent, full: ascent - view.getInt16(os2 + 70) / unitsPerEm };
}

/** How many of `text`'s characters beyond ASCII a lazy fallback claims. */
const claimedIn = (font: LazyFont, text: string) => {
  const claims = claimedBy(font);
  return [...text].filter((char) => char > '\x7f' && claims(char.codePointAt(0) ?? 0)).length;
};

/**
 * The heights the export places `text`'s lines with when a lazy fallback of `fonts` (loaded for the
 * screen) comes first for it: the one claiming most of its characters beyond ASCII.
 */
export function fallbackEmHeights(fonts: ExportFontOptions | undefined, text: string): EmHeights | undefined {
  let best: { em: EmHeights; claims: number } | undefined;
  for (const font of fonts?.fallbacks ?? []) {
    if (!isLazyFont(font) || typeof font.covers === 'function') continue;
    const em = heights.get(font);
    const count = em ? claimedIn(font, text) : 0;
    if (em && count > (best?.claims ?? 0)) best = { em, claims: count };
  }
  return best?.em;
}

/** How the text views ask for the heights of the export's first font for a text (none: the bundled font's). */
export const TextHeightsContext = createContext<(text: string) => EmHeights | undefined>(() => undefined);

/**
 * Fetches and registers, once each, the lazy fallbacks that claim a character of `texts`;
 * `loaded` hears when one is ready.
 */
export function loadFontsFor(fonts: ExportFontOptions = {}, texts: readonly string[], loaded?: () => void): void {
  if (!canRegister()) return;
  for (const font of fonts.fallbacks ?? []) {
    if (!isLazyFont(font) || fetched.has(font) || !texts.some((text) => claimedIn(font, text) > 0)) continue;
    fetched.add(font);
    // A font that fails to load is tried again with the next text; the export reports its own error.
    font.load().then(
      (bytes) => {
        addFace(familyOf(font), bytes, rangeOf(font));
        const em = emHeightsOf(bytes);
        if (em) heights.set(font, em);
        loaded?.();
      },
      () => fetched.delete(font),
    );
  }
}
