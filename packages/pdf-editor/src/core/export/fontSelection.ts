// Picks the font a text is drawn with: the standard PDF font of the requested family when the text
// is WinAnsi-encodable (nothing embedded, small files), otherwise an embedded Unicode font (the
// caller's or the bundled DejaVu Sans, then the caller's fallbacks), subset by the engine when the
// document is saved. Also replaces characters the chosen font cannot draw, so nothing vanishes
// silently.
import { PDF, StandardFonts, type PdfRef, type Standard14FontName } from '@libpdf/core';
import { loadBundledFont, type BundledFontStyle } from '../../fonts';
import { pdfDict } from '../pdf/objects';
import type { ExportFont, FontStyle } from './context';
import { INVISIBLE_CODE_POINTS, standardFamily, type StandardFamily } from './fontFamily';
import type { ExportFontOptions, FontBytes, FontFaces } from './options';
import { embeddedFontMetrics, standardFontMetrics, winAnsiCode } from './textMetrics';

type Face = BundledFontStyle;

const STANDARD: Record<StandardFamily, Record<Face, Standard14FontName>> = {
  helvetica: {
    regular: StandardFonts.Helvetica,
    bold: StandardFonts.HelveticaBold,
    italic: StandardFonts.HelveticaOblique,
    boldItalic: StandardFonts.HelveticaBoldOblique,
  },
  times: {
    regular: StandardFonts.TimesRoman,
    bold: StandardFonts.TimesBold,
    italic: StandardFonts.TimesItalic,
    boldItalic: StandardFonts.TimesBoldItalic,
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
        // Parsed in a scratch document, so a font that is only looked at is never written.
        const font = PDF.create().embedFont(bytes);
        return { bytes, covers: (cp: number) => font.canEncode(String.fromCodePoint(cp)) };
      })),
  };
}

export interface FontSelector {
  fontFor(text: string, style: FontStyle): Promise<ExportFont>;
  drawableText(text: string, font: ExportFont): string;
}

export function createFontSelector(doc: PDF, fonts: ExportFontOptions, warn: (message: string) => void): FontSelector {
  const standardFonts = new Map<Standard14FontName, ExportFont>();
  const isStandard = new WeakSet<ExportFont>();
  const families = new Map<string, StandardFamily>();
  const familyOf = (fontFamily: string): StandardFamily => {
    let family = families.get(fontFamily);
    if (!family) families.set(fontFamily, (family = standardFamily(fontFamily)));
    return family;
  };
  const embedded = new Map<Candidate, Promise<ExportFont | undefined>>();

  const standardFont = (name: Standard14FontName): ExportFont => {
    let font = standardFonts.get(name);
    if (!font) {
      let ref: PdfRef | undefined;
      font = {
        name,
        // Written only once something is drawn with it, not when it is merely considered.
        get ref() {
          return (ref ??= doc.register(pdfDict({ Type: 'Font', Subtype: 'Type1', BaseFont: name, Encoding: 'WinAnsiEncoding' })));
        },
        metrics: standardFontMetrics(name),
        covers: (cp) => winAnsiCode(cp) !== undefined,
      };
      standardFonts.set(name, font);
      isStandard.add(font);
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

  const embed = (candidate: Candidate): Promise<ExportFont | undefined> => {
    let pending = embedded.get(candidate);
    if (!pending) {
      pending = candidate.load().then(
        ({ bytes, covers }) => {
          const font = doc.embedFont(bytes);
          return { name: font.baseFontName, ref: font.ref, metrics: embeddedFontMetrics(font), covers };
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
      if (points.every((cp) => standard.covers(cp))) return standard;

      let best: { candidate: Candidate; missing: number } | undefined;
      for (const candidate of [unicodeCandidate(face), ...fallbackCandidates]) {
        const missing = await missingCount(candidate, points);
        if (!best || missing < best.missing) best = { candidate, missing };
        if (missing === 0) break;
      }
      if (!best || best.missing === Number.POSITIVE_INFINITY) return standard;
      return (await embed(best.candidate)) ?? standard;
    },

    drawableText(text, font) {
      if (isStandard.has(font) && PLAIN_ASCII.test(text)) return text;
      const replacement = font.covers(REPLACEMENT.codePointAt(0) ?? 0) ? REPLACEMENT : '?';
      const missing = new Set<string>();
      let result = '';
      for (const char of normalizeWhitespace(text)) {
        const cp = char.codePointAt(0) ?? 0;
        if (char === '\n' || font.covers(cp)) result += char;
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
