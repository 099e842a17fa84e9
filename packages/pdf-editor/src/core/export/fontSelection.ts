// Picks the fonts a text is drawn with: the standard PDF font of the requested family when the text
// is WinAnsi-encodable (nothing embedded, small files), otherwise embedded Unicode fonts (the
// caller's or the bundled DejaVu Sans, then the caller's fallbacks, lazy ones loaded only when a
// text needs them), as few as cover the text, subset by the engine when the document is saved.
// Characters no font draws and fonts that fail to load raise typed errors, so nothing is drawn as
// "?" silently.
import { PDF, StandardFonts, type EmbeddedFont, type PdfRef, type Standard14FontName } from '../pdf/engine';
import { loadBundledFont, type BundledFontStyle } from '../../fonts';
import { FontLoadError } from '../errors';
import { engineObjects, engineRef, type ObjectSink } from '../pdf/objectWriter';
import type { ExportFont, FontStyle, GlyphAccess } from './context';
import { INVISIBLE_CODE_POINTS, standardFamily, type StandardFamily } from './fontFamily';
import { claimedBy, isLazyFont, type Covers } from './fallbackClaims';
import type { ShapedFont } from './shapedFont';
import type { ExportFontOptions, FontBytes, FontFaces, LazyFont } from './options';
import { normalizeWhitespace } from './textBlock';
import { embeddedFontMetrics, standardFontMetrics, winAnsiCode, type TextMetrics } from './textMetrics';

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

interface Candidate {
  label: string;
  /** What a lazy font claims to cover, known before its file is loaded; only decides whether to load it. */
  declared?: Covers;
  load: () => Promise<LoadedFont>;
}

function toUint8(bytes: FontBytes): Uint8Array {
  return bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
}

function isFaces(value: FontBytes | FontFaces): value is FontFaces {
  return !(value instanceof Uint8Array) && !(value instanceof ArrayBuffer);
}

/** A font read by `getBytes` on first use; a failure to read or parse it is a FontLoadError. */
/** A font file read and parsed (in a scratch document: a font only looked at is never written). */
interface LoadedFont {
  bytes: Uint8Array;
  parsed: EmbeddedFont;
  covers: Covers;
}

function parsedCandidate(label: string, getBytes: () => Promise<Uint8Array>, declared?: Covers): Candidate {
  let loaded: Promise<LoadedFont> | undefined;
  return {
    label,
    declared,
    load: () =>
      (loaded ??= (async () => {
        try {
          const bytes = await getBytes();
          const parsed = PDF.create().embedFont(bytes);
          return { bytes, parsed, covers: (cp: number) => parsed.canEncode(String.fromCodePoint(cp)) };
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
  /**
   * The fonts that draw `text`, in order of preference: a character is drawn by the first that
   * has it. One font when one covers the whole text; characters none has are left to the caller.
   */
  fontsFor(text: string, style: FontStyle): Promise<[ExportFont, ...ExportFont[]]>;
  /** Writes the shaped fonts' objects, once every text is drawn. */
  finish(): void;
}

/**
 * Fonts for the text of `doc`, as `fonts` asks; a standard font's dictionary goes to `objects` (by
 * default registered with the engine) the first time something is drawn with it.
 */
export function createFontSelector(doc: PDF, fonts: ExportFontOptions, objects: ObjectSink = engineObjects(doc)): FontSelector {
  const standardFonts = new Map<Standard14FontName, ExportFont>();
  const families = new Map<string, StandardFamily>();
  const familyOf = (fontFamily: string): StandardFamily => {
    let family = families.get(fontFamily);
    if (!family) families.set(fontFamily, (family = standardFamily(fontFamily)));
    return family;
  };
  const embedded = new Map<Candidate, Promise<ExportFont>>();
  const shapedFonts: ShapedFont[] = [];
  const glyphAccess = (font: EmbeddedFont, file: Uint8Array): GlyphAccess => {
    let shaped: ShapedFont | undefined | null;
    return {
      file,
      unitsPerEm: font.program.unitsPerEm,
      // Created, and its objects written, only when a shaped run uses the font.
      shapedFont(create) {
        if (shaped === undefined) {
          shaped = create(doc, font, file) ?? null;
          if (shaped) shapedFonts.push(shaped);
        }
        return shaped ?? undefined;
      },
    };
  };

  const standardFont = (name: Standard14FontName): ExportFont => {
    let font = standardFonts.get(name);
    if (!font) {
      let ref: PdfRef | undefined;
      font = {
        name,
        // Written only once something is drawn with it, not when it is merely considered.
        get ref() {
          return (ref ??= engineRef(objects.add({ Type: 'Font', Subtype: 'Type1', BaseFont: name, Encoding: 'WinAnsiEncoding' })));
        },
        metrics: standardFontMetrics(name),
        covers: (cp) => winAnsiCode(cp) !== undefined,
      };
      standardFonts.set(name, font);
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
      const { declared } = candidate;
      pending = candidate.load().then(({ bytes, parsed, covers }): ExportFont => {
        // Embedded in the document only once a run of characters uses it: a text whose runs are
        // all shaped is drawn with the shaped-glyph font alone.
        let font: EmbeddedFont | undefined;
        let metrics: TextMetrics | undefined;
        const used = () => (metrics ??= embeddedFontMetrics((font ??= doc.embedFont(bytes))));
        const claims = declared && ((cp: number) => cp >= 0x80 && declared(cp));
        return {
          name: parsed.baseFontName,
          get ref() {
            used();
            return (font as EmbeddedFont).ref;
          },
          metrics: {
            widthOfTextAtSize: (text, size) => used().widthOfTextAtSize(text, size),
            heightAtSize: embeddedFontMetrics(parsed).heightAtSize,
            encodeText: (text) => used().encodeText(text),
          },
          covers,
          claims,
          glyphs: glyphAccess(parsed, bytes),
        };
      });
      embedded.set(candidate, pending);
    }
    return pending;
  };

  const missingCount = (covers: Covers, points: number[]): number => points.filter((cp) => !covers(cp)).length;

  return {
    async fontsFor(text, style) {
      const face = faceOf(style);
      const standard = standardFont(STANDARD[familyOf(style.fontFamily)][face]);
      // The common case, decided without looking at each character.
      if (PLAIN_ASCII.test(text)) return [standard];
      let remaining = visibleCodePoints(text);
      if (remaining.every((cp) => standard.covers(cp))) return [standard];

      // First the lazy fallbacks for the scripts they claim (the host chose them for those), the
      // one claiming most of what is left first, so Japanese text loads the font claiming kana
      // before one claiming only the ideographs; a font claiming none of the text is never loaded.
      const chosen: Candidate[] = [];
      for (;;) {
        const claimed = remaining.filter((cp) => cp >= 0x80);
        let best: { candidate: Candidate; claims: number } | undefined;
        for (const candidate of fallbackCandidates) {
          const { declared } = candidate;
          if (!declared || chosen.includes(candidate)) continue;
          const claims = claimed.filter(declared).length;
          if (claims > (best?.claims ?? 0)) best = { candidate, claims };
        }
        if (!best) break;
        const { covers } = await best.candidate.load();
        chosen.push(best.candidate);
        remaining = remaining.filter((cp) => !covers(cp));
      }
      // Then greedily the font drawing most of what is left, until nothing is or no font draws
      // more; a lazy font claiming no better than the best so far is never loaded.
      while (remaining.length > 0) {
        const points = remaining;
        const claimedMissing = (candidate: Candidate) => (candidate.declared ? missingCount(candidate.declared, points) : 0);
        // A stable sort: the Unicode font, which claims nothing ahead, stays first.
        const ordered = [unicodeCandidate(face), ...fallbackCandidates]
          .filter((candidate) => !chosen.includes(candidate))
          .sort((a, b) => claimedMissing(a) - claimedMissing(b));
        let best: { candidate: Candidate; missing: number } | undefined;
        for (const candidate of ordered) {
          if (best && claimedMissing(candidate) >= best.missing) continue;
          const missing = missingCount((await candidate.load()).covers, points);
          if (!best || missing < best.missing) best = { candidate, missing };
          if (missing === 0) break;
        }
        if (!best || best.missing === points.length) break;
        const { covers } = await best.candidate.load();
        chosen.push(best.candidate);
        remaining = points.filter((cp) => !covers(cp));
      }
      if (chosen.length === 0) return [standard];
      const [first, ...rest] = await Promise.all(chosen.map(embed));
      return [first as ExportFont, ...rest];
    },
    finish() {
      for (const font of shapedFonts) font.finish();
    },
  };
}
