// Picks the font a text is drawn with: the standard PDF font of the requested family when the text
// is WinAnsi-encodable (nothing embedded, small files), otherwise an embedded Unicode font (the
// caller's or the bundled DejaVu Sans, then the caller's fallbacks). Also replaces characters the
// chosen font cannot draw, so nothing vanishes silently.
import fontkit from '@pdf-lib/fontkit';
import { StandardFonts, type PDFDocument, type PDFFont } from 'pdf-lib';
import { loadBundledFont, type BundledFontStyle } from '../../fonts';
import type { FontStyle } from './context';
import { INVISIBLE_CODE_POINTS, standardFamily, type StandardFamily } from './fontFamily';
import type { ExportFontOptions, FontBytes, FontFaces } from './options';
import { shapedFontMetrics, standardFontMetrics, type TextMetrics } from './textMetrics';

type Face = BundledFontStyle;

const STANDARD: Record<StandardFamily, Record<Face, StandardFonts>> = {
  helvetica: {
    regular: StandardFonts.Helvetica,
    bold: StandardFonts.HelveticaBold,
    italic: StandardFonts.HelveticaOblique,
    boldItalic: StandardFonts.HelveticaBoldOblique,
  },
  times: {
    regular: StandardFonts.TimesRoman,
    bold: StandardFonts.TimesRomanBold,
    italic: StandardFonts.TimesRomanItalic,
    boldItalic: StandardFonts.TimesRomanBoldItalic,
  },
  courier: {
    regular: StandardFonts.Courier,
    bold: StandardFonts.CourierBold,
    italic: StandardFonts.CourierOblique,
    boldItalic: StandardFonts.CourierBoldOblique,
  },
};

const REPLACEMENT = '\uFFFD';
/** Printable ASCII and line breaks: every standard font's WinAnsi encoding draws all of it. */
const PLAIN_ASCII = /^[\x20-\x7e\n]*$/;

export function faceOf(style: FontStyle): Face {
  if (style.bold) return style.italic ? 'boldItalic' : 'bold';
  return style.italic ? 'italic' : 'regular';
}

/** Code points of `text` a font has to draw (line breaks and invisible joiners excluded). */
function visibleCodePoints(text: string): number[] {
  const points: number[] = [];
  for (const char of normalizeWhitespace(text)) {
    const cp = char.codePointAt(0) ?? 0;
    if (char !== '\n' && !INVISIBLE_CODE_POINTS.has(cp)) points.push(cp);
  }
  return points;
}

/** Tabs become spaces and other control characters go: no font draws them. */
function normalizeWhitespace(text: string): string {
  let result = '';
  for (const char of text.replace(/\r\n?/g, '\n')) {
    const code = char.charCodeAt(0);
    if (char === '\t') result += ' ';
    else if (char === '\n' || (code >= 0x20 && code !== 0x7f)) result += char;
  }
  return result;
}

type Covers = (codePoint: number) => boolean;

interface Candidate {
  label: string;
  load: () => Promise<{ bytes: Uint8Array; covers: Covers }>;
}

function toUint8(bytes: FontBytes): Uint8Array {
  return bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
}

function isFaces(value: FontBytes | FontFaces): value is FontFaces {
  return !(value instanceof Uint8Array) && !(value instanceof ArrayBuffer);
}

function parsedCandidate(label: string, getBytes: () => Promise<Uint8Array>): Candidate {
  let loaded: Promise<{ bytes: Uint8Array; covers: Covers }> | undefined;
  return {
    label,
    load: () =>
      (loaded ??= getBytes().then((bytes) => {
        const font = fontkit.create(bytes);
        return { bytes, covers: (cp: number) => font.hasGlyphForCodePoint(cp) };
      })),
  };
}

export interface FontSelector {
  fontFor(text: string, style: FontStyle): Promise<PDFFont>;
  drawableText(text: string, font: PDFFont): string;
  metrics(font: PDFFont): TextMetrics;
}

export function createFontSelector(
  doc: PDFDocument,
  fonts: ExportFontOptions,
  warn: (message: string) => void,
): FontSelector {
  doc.registerFontkit(fontkit);
  const coverage = new WeakMap<PDFFont, Covers>();
  const standardFonts = new Map<StandardFonts, PDFFont>();
  const isStandard = new WeakSet<PDFFont>();
  const metrics = new WeakMap<PDFFont, TextMetrics>();
  const families = new Map<string, StandardFamily>();
  const familyOf = (fontFamily: string): StandardFamily => {
    let family = families.get(fontFamily);
    if (!family) families.set(fontFamily, (family = standardFamily(fontFamily)));
    return family;
  };
  const embedded = new Map<Candidate, Promise<PDFFont | undefined>>();

  const standardFont = (name: StandardFonts): PDFFont => {
    let font = standardFonts.get(name);
    if (!font) {
      const created = doc.embedStandardFont(name);
      const memo = new Map<number, boolean>();
      coverage.set(created, (cp) => {
        let ok = memo.get(cp);
        if (ok === undefined) {
          try {
            created.encodeText(String.fromCodePoint(cp));
            ok = true;
          } catch {
            ok = false;
          }
          memo.set(cp, ok);
        }
        return ok;
      });
      standardFonts.set(name, created);
      isStandard.add(created);
      font = created;
    }
    return font;
  };

  const unicodeCandidates = new Map<Face, Candidate>();
  const unicodeCandidate = (face: Face): Candidate => {
    let candidate = unicodeCandidates.get(face);
    if (!candidate) {
      const given = fonts.unicode;
      if (given === undefined) {
        candidate = parsedCandidate(`DejaVu Sans (${face})`, () => loadBundledFont(face));
      } else {
        const bytes = isFaces(given) ? (given[face] ?? given.regular) : given;
        candidate = parsedCandidate(`the Unicode font (${face})`, () => Promise.resolve(toUint8(bytes)));
      }
      unicodeCandidates.set(face, candidate);
    }
    return candidate;
  };
  const fallbackCandidates = (fonts.fallbacks ?? []).map((bytes, index) =>
    parsedCandidate(`fallback font ${index + 1}`, () => Promise.resolve(toUint8(bytes))),
  );

  const embed = (candidate: Candidate): Promise<PDFFont | undefined> => {
    let pending = embedded.get(candidate);
    if (!pending) {
      pending = candidate.load().then(
        async ({ bytes, covers }) => {
          const font = await doc.embedFont(bytes, { subset: true });
          coverage.set(font, covers);
          return font;
        },
        (error: unknown) => {
          warn(`Could not use ${candidate.label}: ${error instanceof Error ? error.message : String(error)}`);
          return undefined;
        },
      );
      embedded.set(candidate, pending);
    }
    return pending;
  };

  const missingCount = async (candidate: Candidate, points: number[]): Promise<number> => {
    try {
      const { covers } = await candidate.load();
      return points.filter((cp) => !covers(cp)).length;
    } catch {
      return Number.POSITIVE_INFINITY;
    }
  };

  return {
    async fontFor(text, style) {
      const face = faceOf(style);
      const standard = standardFont(STANDARD[familyOf(style.fontFamily)][face]);
      // The common case, decided without looking at each character.
      if (PLAIN_ASCII.test(text)) return standard;
      const points = visibleCodePoints(text);
      const standardCovers = coverage.get(standard);
      if (points.every((cp) => standardCovers?.(cp))) return standard;

      let best: { candidate: Candidate; missing: number } | undefined;
      for (const candidate of [unicodeCandidate(face), ...fallbackCandidates]) {
        const missing = await missingCount(candidate, points);
        if (!best || missing < best.missing) best = { candidate, missing };
        if (missing === 0) break;
      }
      if (!best || best.missing === Number.POSITIVE_INFINITY) return standard;
      return (await embed(best.candidate)) ?? standard;
    },

    metrics(font) {
      let found = metrics.get(font);
      if (!found) metrics.set(font, (found = isStandard.has(font) ? standardFontMetrics(font) : shapedFontMetrics(font)));
      return found;
    },

    drawableText(text, font) {
      if (isStandard.has(font) && PLAIN_ASCII.test(text)) return text;
      const covers = coverage.get(font) ?? (() => true);
      const replacement = covers(REPLACEMENT.codePointAt(0) ?? 0) ? REPLACEMENT : '?';
      const missing = new Set<string>();
      let result = '';
      for (const char of normalizeWhitespace(text)) {
        const cp = char.codePointAt(0) ?? 0;
        if (char === '\n' || covers(cp)) result += char;
        else if (INVISIBLE_CODE_POINTS.has(cp)) continue;
        else {
          missing.add(char);
          result += replacement;
        }
      }
      if (missing.size > 0) {
        const list = [...missing].slice(0, 10).join(' ');
        warn(
          `${missing.size} character(s) not available in font ${font.name} were drawn as "${replacement}": ${list}. ` +
            'Pass a font that has them in options.fonts.',
        );
      }
      return result;
    },
  };
}
