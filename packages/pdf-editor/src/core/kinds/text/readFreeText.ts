// /FreeText back into text annotations. Size comes from /DA (the default appearance string every
// FreeText should have), then /DS (the CSS-like default style), then the appearance stream's own
// Tf. Colour is what readers draw: the fill colour the appearance stream shows its text in, else
// /DA's, else /DS's. Family, weight, style, alignment and decoration come from /DS and /Q; the text
// from /Contents, or /RC as plain text. The box is /Rect (less /RD); its displayed top-left is the
// position and its displayed width the width. A background colour (/C) has no place in the model:
// it is left out with a warning.
import { textFillColor } from '../../import/contentColor';
import { colorOf, readAppearanceOperators, readContents, readInnerRect, readNumber, readText } from '../../import/pdfReaders';
import { rectOrSkip, toDisplayBox, type ReadEnv } from '../../import/readerTypes';
import { DEFAULTS } from '../../model/defaults';
import type { Annotation } from '../../model/types';
import type { TextAnnotation } from './index';

const NUMBER = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)`;
// Built once: native export reads back every text box it writes, and building these on each
// read cost more than the rest of it.
const FONT_SIZE_OPERATOR = new RegExp(`(${NUMBER})\\s+Tf\\b`, 'g');
const FILL_COLOR_OPERATOR = new RegExp(`((?:${NUMBER}\\s+){1,4})(rg|g|k)\\b`, 'g');
const SHORTHAND_SIZE = new RegExp(`(${NUMBER})pt`);
const SHORTHAND_SIZE_AND_HEIGHT = new RegExp(`${NUMBER}pt(/${NUMBER}(pt)?)?`);
const FAMILIES: readonly (readonly [RegExp, string])[] = [
  [/times/i, 'Times New Roman'],
  [/courier/i, 'Courier New'],
  [/georgia/i, 'Georgia'],
  [/verdana/i, 'Verdana'],
  [/comic/i, 'Comic Sans MS'],
];

function lastMatch(text: string, pattern: RegExp): RegExpExecArray | undefined {
  let found: RegExpExecArray | undefined;
  for (const match of text.matchAll(pattern)) found = match;
  return found;
}

function fontSizeIn(operators: string): number | undefined {
  const match = lastMatch(operators, FONT_SIZE_OPERATOR);
  const size = match ? Number(match[1]) : NaN;
  return size > 0 ? size : undefined;
}

function fillColorIn(operators: string): string | undefined {
  const match = lastMatch(operators, FILL_COLOR_OPERATOR);
  if (!match) return undefined;
  const numbers = (match[1] ?? '').trim().split(/\s+/).map(Number);
  const expected = { g: 1, rg: 3, k: 4 }[match[2] as 'g' | 'rg' | 'k'];
  return colorOf(numbers.slice(-expected));
}

/** `key:value` pairs of a /DS string (lower-case keys). */
function parseStyle(ds: string): Map<string, string> {
  const style = new Map<string, string>();
  for (const declaration of ds.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0) style.set(declaration.slice(0, colon).trim().toLowerCase(), declaration.slice(colon + 1).trim());
  }
  return style;
}

/** The editor family closest to a PDF or CSS font name. */
function editorFamily(name: string | undefined): string {
  const first = (name ?? '').split(',')[0]?.replace(/["']/g, '').trim() ?? '';
  return FAMILIES.find(([pattern]) => pattern.test(first))?.[1] ?? DEFAULTS.fontFamily;
}

/** The size (pt) and family of a CSS `font` shorthand such as "Helvetica,sans-serif 10.0pt". */
function parseFontShorthand(value: string | undefined): { size?: number; family?: string } {
  if (!value) return {};
  const size = SHORTHAND_SIZE.exec(value);
  const family = value
    .replace(SHORTHAND_SIZE_AND_HEIGHT, '')
    .replace(/\b(normal|bold|italic|oblique|bolder|lighter|\d00)\b/gi, '')
    .trim();
  return { size: size ? Number(size[1]) : undefined, family: family || undefined };
}

export function readFreeText(env: ReadEnv): Annotation[] {
  const pdfBox = rectOrSkip(env, readInnerRect(env.read, env.dict));
  if (!pdfBox) return [];
  const box = toDisplayBox(env.space, pdfBox);
  const da = readText(env.read, env.dict, 'DA') ?? '';
  const style = parseStyle(readText(env.read, env.dict, 'DS') ?? '');
  const appearance = readAppearanceOperators(env.read, env.dict) ?? '';
  const shorthand = parseFontShorthand(style.get('font'));
  const styleSize = style.get('font-size');
  const fontSize =
    fontSizeIn(da) ??
    (styleSize ? Number.parseFloat(styleSize) || undefined : undefined) ??
    shorthand.size ??
    fontSizeIn(appearance) ??
    DEFAULTS.fontSize;
  const styleColor = style.get('color');
  const color =
    textFillColor(appearance) ??
    fillColorIn(da) ??
    (styleColor && /^#[0-9a-f]{6}$/i.test(styleColor) ? styleColor.toUpperCase() : undefined);
  const weight = style.get('font-weight') ?? '';
  const quadding = readNumber(env.read, env.dict, 'Q');
  const align = style.get('text-align') ?? (quadding === 1 ? 'center' : quadding === 2 ? 'right' : 'left');
  const contents = readContents(env.read, env.dict);
  const { base } = env;
  // /C of a FreeText is its background, not the text colour; the text kind has none.
  if (base.color !== undefined) {
    env.warn(`${env.label} has a background colour ${base.color} (/C), which an imported text box cannot show; imported without it.`);
  }
  const text: TextAnnotation = {
    ...base,
    type: 'text',
    position: { x: box.x, y: box.y },
    width: box.width,
    content: contents,
    fontSize,
    fontFamily: editorFamily(style.get('font-family') ?? shorthand.family),
    fontWeight: weight === 'bold' || weight === 'bolder' || Number(weight) >= 600 ? 'bold' : 'normal',
    fontStyle: /italic|oblique/i.test(style.get('font-style') ?? '') ? 'italic' : 'normal',
    textAlign: align === 'center' || align === 'right' ? align : 'left',
    textDecoration: /underline/i.test(style.get('text-decoration') ?? '') ? 'underline' : 'none',
    color: color ?? DEFAULTS.color,
    opacity: base.opacity ?? DEFAULTS.opacity,
    strokeWidth: base.strokeWidth ?? DEFAULTS.strokeWidth,
  };
  return [text];
}
