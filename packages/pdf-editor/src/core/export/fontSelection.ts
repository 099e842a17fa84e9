// Picks the font a text is drawn with: the standard PDF font of the requested family when the text
// is WinAnsi-encodable (nothing embedded, small files), otherwise an embedded Unicode font (the
// caller's or the bundled DejaVu Sans, then the caller's fallbacks, lazy ones loaded only when a
// text needs them), subset by the engine when the document is saved. Characters no font draws and
// fonts that fail to load raise typed errors, so nothing is drawn as "?" silently.
import { PDF, StandardFonts, type PdfRef, type Standard14FontName } from '@libpdf/core';
import { loadBundledFont, type BundledFontStyle } from '../../fonts';
import { FontLoadError, UnsupportedCharactersError } from '../errors';
import { pdfDict } from '../pdf/objects';
import type { ExportFont, FontStyle } from './context';
import { INVISIBLE_CODE_POINTS, standardFamily, type StandardFamily } from './fontFamily';
import { claimedBy, isLazyFont, type Covers } from './fallbackClaims';
import type { ExportFontOptions, FontBytes, FontFaces, LazyFont } from './options';
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

interface Candidate {
  label: string;
  /** What a lazy font claims to cover, known before its file is loaded; only decides whether to load it. */
  declared?: Covers;
  load: () => Promise<{ bytes: Uint8Array; covers: Covers }>;
}

function toUint8(bytes: FontBytes): Uint8Array {
  return bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
}

function isFaces(value: FontBytes | FontFaces): value is FontFaces {
  return !(value instanceof Uint8Array) && !(value instanceof ArrayBuffer);
}

/** A font read by `getBytes` on first use; a failure to read or parse it is a FontLoadError. */
function parsedCandidate(label: string, getBytes: () => Promise<Uint8Array>, declared?: Covers): Candidate {
  let loaded: Promise<{ bytes: Uint8Array; covers: Covers }> | undefined;
  return {
    label,
    declared,
    load: () =>
      (loaded ??= (async () => {
        try {
          const bytes = await getBytes();
          // Parsed in a scratch document, so a font that is only looked at is never written.
          const font = PDF.create().embedFont(bytes);
          return { bytes, covers: (cp: number) => font.canEncode(String.fromCodePoint(cp)) };
        } catch (error) {
          throw error instanceof FontLoadError ? error : new FontLoadError(label, error);
        }
      })()),
  };
}

function fallbackCandidate(font: FontBytes | LazyFont, index: number): Candidate {
  const label = `fallback font ${index + 1}`;
  if (!isLazyFont(font)) return parsedCandidate(label, () => Promise.resolve(toUint8(font)));
  return parsedCandidate(font.name ?? label, async () => toUint8(await font.load()), claimedBy(font));
}

export interface FontSelector {
  fontFor(text: string, style: FontStyle): Promise<ExportFont>;
  drawableText(text: string, font: ExportFont): string;
}

export function createFontSelector(doc: PDF, fonts: ExportFontOptions): FontSelector {
  const standardFonts = new Map<Standard14FontName, ExportFont>();
  const isStandard = new WeakSet<ExportFont>();
  const families = new Map<string, StandardFamily>();
  const familyOf = (fontFamily: string): StandardFamily => {
    let family = families.get(fontFamily);
    if (!family) families.set(fontFamily, (family = standardFamily(fontFamily)));
    return family;
  };
  const embedded = new Map<Candidate, Promise<ExportFont>>();

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
  const fallbackCandidates = (fonts.fallbacks ?? []).map(fallbackCandidate);

  const embed = (candidate: Candidate): Promise<ExportFont> => {
    let pending = embedded.get(candidate);
    if (!pending) {
      pending = candidate.load().then(({ bytes, covers }) => {
        const font = doc.embedFont(bytes);
        return { name: font.baseFontName, ref: font.ref, metrics: embeddedFontMetrics(font), covers };
      });
      embedded.set(candidate, pending);
    }
    return pending;
  };

  const missingCount = (covers: Covers, points: number[]): number => points.filter((cp) => !covers(cp)).length;

  return {
    async fontFor(text, style) {
      const face = faceOf(style);
      const standard = standardFont(STANDARD[familyOf(style.fontFamily)][face]);
      // The common case, decided without looking at each character.
      if (PLAIN_ASCII.test(text)) return standard;
      const points = visibleCodePoints(text);
      if (points.every((cp) => standard.covers(cp))) return standard;

      // Lazy fallbacks are tried in the order of what they claim to cover, so Japanese text loads
      // the font claiming kana before one claiming only the ideographs; a font claiming no better
      // than the best so far is never loaded.
      const claimedMissing = (candidate: Candidate) => (candidate.declared ? missingCount(candidate.declared, points) : 0);
      const fallbacks = [...fallbackCandidates].sort((a, b) => claimedMissing(a) - claimedMissing(b));
      let best: { candidate: Candidate; missing: number } | undefined;
      for (const candidate of [unicodeCandidate(face), ...fallbacks]) {
        if (best && claimedMissing(candidate) >= best.missing) continue;
        const missing = missingCount((await candidate.load()).covers, points);
        if (!best || missing < best.missing) best = { candidate, missing };
        if (missing === 0) break;
      }
      return best ? embed(best.candidate) : standard;
    },

    drawableText(text, font) {
      if (isStandard.has(font) && PLAIN_ASCII.test(text)) return text;
      const missing = new Set<string>();
      let result = '';
      for (const char of normalizeWhitespace(text)) {
        const cp = char.codePointAt(0) ?? 0;
        if (char === '\n' || font.covers(cp)) result += char;
        else if (!INVISIBLE_CODE_POINTS.has(cp)) missing.add(char);
      }
      if (missing.size > 0) throw new UnsupportedCharactersError([...missing]);
      return result;
    },
  };
}
