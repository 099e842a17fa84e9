// The PDF font shaped glyphs are shown with: a Type0 font over the same file as the embedded font,
// whose codes are allocated one per (glyph, text) pair. A glyph id reaches the glyph (CIDToGIDMap)
// whatever the cmap says, and ToUnicode gives each code the characters it stands for, so a glyph
// shared by several letters (Arabic dotless forms with the dots as marks) still extracts as the
// right letter and ligatures as their letters; marks carry no text of their own. Written at the end
// of the export (`finish`), when the glyphs used are known; the file is subset by glyph id. The
// font's BaseFont is only set then, which is why its dictionary is registered empty first.
import { PdfArray, PdfDict, PdfName, PdfNumber, PdfString } from '../pdf/engine';
import { pdfDict, pdfStream, pdfValue } from '../pdf/objects';
import { toUnicodeCMap } from '../pdf/toUnicodeCMap';
import type { ShapedFontFactory } from './exportFont';
import { hasGlyfOutlines, subsetGlyphs } from './glyphSubset';
import { embeddedFontMetrics } from './textMetrics';

export type { ShapeableFont, ShapedFont, ShapedFontFactory } from './exportFont';

const hex4 = (value: number) => value.toString(16).padStart(4, '0');

function utf16Hex(text: string): string {
  let hex = '';
  for (let index = 0; index < text.length; index++) hex += hex4(text.charCodeAt(index));
  return hex;
}

/** The ToUnicode CMap of `texts` (code → characters; codes without text are left out). */
function textsCMap(texts: readonly string[]): string {
  return toUnicodeCMap(
    texts.flatMap((text, code) => (text ? [`<${hex4(code)}> <${utf16Hex(text)}>`] : [])),
    'bfchar',
  );
}

/** Six capitals naming the subset, the same for the same glyphs (PDF reference 5.5.3). */
function subsetTag(keys: readonly string[]): string {
  let hash = 2166136261;
  for (const key of keys) for (let index = 0; index < key.length; index++) hash = Math.imul(hash ^ key.charCodeAt(index), 16777619);
  let tag = '';
  for (let index = 0; index < 6; index++) {
    tag += String.fromCharCode(65 + ((hash >>> 0) % 26));
    hash = Math.floor((hash >>> 0) / 26) + index * 7919;
  }
  return tag;
}

export const createShapedFont: ShapedFontFactory = (doc, embedded, file) => {
  if (!hasGlyfOutlines(file)) return undefined;
  const program = embedded.program;
  const scale = 1000 / program.unitsPerEm;
  const type0 = pdfDict({ Type: 'Font', Subtype: 'Type0', Encoding: 'Identity-H' });
  const ref = doc.register(type0);
  // Code 0 is .notdef's; codes are allocated from 1 in the order glyphs are first shown.
  const gids = [0];
  const texts = [''];
  const widths = [Math.round(program.getAdvanceWidth(0) * scale)];
  const codes = new Map<string, number>();
  const baseName = (program.postScriptName ?? 'Font').replace(/[^!-~]|[()<>[\]{}/%#]/g, '');

  return {
    font: { name: baseName, ref, metrics: embeddedFontMetrics(embedded), covers: (cp) => embedded.canEncode(String.fromCodePoint(cp)) },
    glyphCode(gid, text) {
      const key = `${gid}:${text}`;
      let code = codes.get(key);
      if (code === undefined) {
        code = gids.length;
        if (code > 0xffff) throw new Error(`More than 65535 distinct glyphs of ${baseName} in one export`);
        codes.set(key, code);
        gids.push(gid);
        texts.push(text);
        widths.push(Math.round(program.getAdvanceWidth(gid) * scale));
      }
      return { hex: `<${hex4(code)}>`, width: widths[code] ?? 0 };
    },
    finish() {
      if (codes.size === 0) return;
      const fontName = `${subsetTag([...codes.keys()])}+${baseName}`;
      const subset = subsetGlyphs(file, gids);
      const d = embedded.descriptor;
      const descriptor = pdfDict({
        Type: 'FontDescriptor',
        FontName: fontName,
        Flags: d?.flags ?? 4,
        FontBBox: d?.fontBBox ?? [0, -200, 1000, 800],
        ItalicAngle: d?.italicAngle ?? 0,
        Ascent: d?.ascent ?? 800,
        Descent: d?.descent ?? -200,
        CapHeight: d?.capHeight ?? 700,
        StemV: d?.stemV ?? 80,
        FontFile2: doc.register(pdfStream({ Length1: subset.length }, subset)),
      });
      const cidToGid = new Uint8Array(gids.length * 2);
      gids.forEach((gid, code) => {
        cidToGid[code * 2] = gid >> 8;
        cidToGid[code * 2 + 1] = gid & 0xff;
      });
      const cidFont = pdfDict({
        Type: 'Font',
        Subtype: 'CIDFontType2',
        BaseFont: fontName,
        CIDSystemInfo: new PdfDict([
          ['Registry', PdfString.fromString('Adobe')],
          ['Ordering', PdfString.fromString('Identity')],
          ['Supplement', PdfNumber.of(0)],
        ]),
        FontDescriptor: doc.register(descriptor),
        W: [1, widths.slice(1)],
        CIDToGIDMap: doc.register(pdfStream({}, cidToGid)),
      });
      type0.set('BaseFont', PdfName.of(fontName));
      type0.set('DescendantFonts', new PdfArray([pdfValue(doc.register(cidFont))]));
      type0.set('ToUnicode', pdfValue(doc.register(pdfStream({}, new TextEncoder().encode(textsCMap(texts))))));
    },
  };
};
