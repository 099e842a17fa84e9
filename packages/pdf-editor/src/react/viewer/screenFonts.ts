// The fonts the export draws a text with when the standard PDF fonts cannot (the bundled DejaVu
// Sans or the host's `exportFonts.unicode`, then the host's fallbacks such as Noto Sans SC),
// registered with the page (FontFace) from the very files the export embeds, so the screen draws
// what the PDF will: without them, Chinese on a machine with no CJK font shows as boxes while the
// export is right. A lazy fallback is fetched once a text has characters it claims, as the export
// does, and then draws just those characters (its ranges become the face's unicode-range).
import type { ExportFontOptions, FontBytes, LazyFont } from '../../core/index';
import { claimedBy, isLazyFont } from '../../core/internal';
import { bundledFontUrl, type BundledFontStyle } from '../../fonts';

const BUNDLED_FACES: Record<BundledFontStyle, FontFaceDescriptors> = {
  regular: {},
  bold: { weight: 'bold' },
  italic: { style: 'italic' },
  boldItalic: { weight: 'bold', style: 'italic' },
};

const families = new WeakMap<object, string>();
let registered = 0;
const fetched = new WeakSet<LazyFont>();
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

/** Fetches and registers, once each, the lazy fallbacks that claim a character of `texts`. */
export function loadFontsFor(fonts: ExportFontOptions = {}, texts: readonly string[]): void {
  if (!canRegister()) return;
  for (const font of fonts.fallbacks ?? []) {
    if (!isLazyFont(font) || fetched.has(font)) continue;
    const claims = claimedBy(font);
    if (!texts.some((text) => [...text].some((char) => char > '\x7f' && claims(char.codePointAt(0) ?? 0)))) continue;
    fetched.add(font);
    // A font that fails to load is tried again with the next text; the export reports its own error.
    font.load().then((bytes) => addFace(familyOf(font), bytes, rangeOf(font)), () => fetched.delete(font));
  }
}
