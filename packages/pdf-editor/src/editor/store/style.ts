// The current annotation style (spec section 3) and the choices the properties panel offers
// (section 9), plus how a style becomes the fields of a new annotation or a patch of a selected one.
import type { Annotation, AnnotationPatch, AnnotationType } from '../../core/index';
import { DEFAULTS, WHITEOUT_PRESETS } from '../../core/internal';
import { kindOf } from '../../core/internal';

/** A whiteout size the panel offers: one of the presets, or the user's own width and height. */
export type WhiteoutSize = keyof typeof WHITEOUT_PRESETS | 'custom';

/** The current annotation style (spec section 3). */
export interface AnnotationStyle {
  color: string;
  fontSize: number;
  fontFamily: string;
  opacity: number;
  strokeWidth: number;
  fillColor: string;
  textAlign: 'left' | 'center' | 'right';
  fontWeight: 'normal' | 'bold';
  fontStyle: 'normal' | 'italic';
  textDecoration: 'none' | 'underline';
  whiteoutSize: WhiteoutSize;
  whiteoutWidth: number;
  whiteoutHeight: number;
  /** The version picked of each kind that has some (a stamp's preset), by type; absent: its first. */
  variants: Readonly<Record<string, string>>;
}

/** The style an editor starts with. */
export const DEFAULT_STYLE: AnnotationStyle = {
  color: DEFAULTS.color,
  fontSize: DEFAULTS.fontSize,
  fontFamily: DEFAULTS.fontFamily,
  opacity: DEFAULTS.opacity,
  strokeWidth: DEFAULTS.strokeWidth,
  fillColor: 'transparent',
  textAlign: 'left',
  fontWeight: 'normal',
  fontStyle: 'normal',
  textDecoration: 'none',
  whiteoutSize: 'medium',
  whiteoutWidth: WHITEOUT_PRESETS.medium.width,
  whiteoutHeight: WHITEOUT_PRESETS.medium.height,
  variants: {},
};

/** The 21 colours of the palette. */
export const PALETTE = [
  '#000000', '#FF0000', '#00FF00', '#0000FF', '#FFFF00', '#FF00FF', '#00FFFF',
  '#FFFFFF', '#808080', '#C0C0C0', '#800000', '#808000', '#008000', '#800080',
  '#008080', '#000080', '#FFA500', '#A52A2A', '#FFC0CB', '#FFD700', '#4B0082',
] as const;
/** The fonts offered for text. */
export const FONT_FAMILIES = ['Arial', 'Times New Roman', 'Courier New', 'Georgia', 'Verdana', 'Comic Sans MS'] as const;
/** The font sizes offered for text. */
export const FONT_SIZES = [8, 10, 12, 14, 16, 18, 20, 24, 28, 32, 36, 48, 72] as const;
/** The stroke widths offered for shapes and lines. */
export const STROKE_WIDTHS = [1, 2, 3, 4, 5, 6, 8, 10] as const;
export const WHITEOUT_LIMITS = { width: { min: 20, max: 400 }, height: { min: 10, max: 100 } } as const;

export function whiteoutBox(style: AnnotationStyle): { width: number; height: number } {
  if (style.whiteoutSize === 'custom') return { width: style.whiteoutWidth, height: style.whiteoutHeight };
  return WHITEOUT_PRESETS[style.whiteoutSize];
}

const TEXT_FIELDS = ['fontSize', 'fontFamily', 'fontWeight', 'fontStyle', 'textAlign', 'textDecoration'] as const;
type TextStyle = Pick<AnnotationStyle, (typeof TEXT_FIELDS)[number]>;

/** The text fields of a style or a text annotation. */
export function textStyleOf(source: TextStyle): TextStyle {
  return Object.fromEntries(TEXT_FIELDS.map((key) => [key, source[key]])) as unknown as TextStyle;
}

/**
 * Style fields a new annotation of `type` takes from the current style: what its kind's
 * capabilities say it has. A kind's own default colour or opacity (a highlight's yellow at 0.3)
 * stands until the user picks another than the common black at full opacity.
 */
export function styleFields(type: AnnotationType, style: AnnotationStyle): Record<string, unknown> {
  const { capabilities: can, style: own, variants } = kindOf(type);
  const fields: Record<string, unknown> = {};
  if (can.color) {
    fields.color = own?.color && style.color === DEFAULTS.color ? own.color : style.color;
    fields.strokeWidth = style.strokeWidth;
  } else if (own?.color) {
    fields.color = own.color;
  }
  if (can.opacity) fields.opacity = own?.opacity !== undefined && style.opacity === 1 ? own.opacity : style.opacity;
  else fields.opacity = 1;
  if (can.text) Object.assign(fields, textStyleOf(style));
  if (can.fill && style.fillColor !== 'transparent') Object.assign(fields, { fillStyle: 'solid', fillColor: style.fillColor });
  if (variants) Object.assign(fields, variants.fields(style.variants[type] ?? variants.names[0] ?? '', new Date()));
  return fields;
}

/** The patch a change of style makes to an existing annotation: only fields its type has. */
export function stylePatch(annotation: Annotation, change: Partial<AnnotationStyle>, style: AnnotationStyle = DEFAULT_STYLE): AnnotationPatch {
  const kind = kindOf(annotation.type);
  const can = kind.capabilities;
  const patch: Record<string, unknown> = {};
  if (can.sizes && (change.whiteoutSize || change.whiteoutWidth || change.whiteoutHeight)) Object.assign(patch, whiteoutBox({ ...style, ...change }));
  if (change.color !== undefined && can.color) patch.color = change.color;
  if (change.opacity !== undefined && can.opacity) patch.opacity = change.opacity;
  if (change.strokeWidth !== undefined && can.stroke) patch.strokeWidth = change.strokeWidth;
  if (can.text) {
    for (const key of TEXT_FIELDS) {
      if (change[key] !== undefined) patch[key] = change[key];
    }
  }
  if (can.fill && change.fillColor !== undefined) {
    Object.assign(patch, change.fillColor === 'transparent' ? { fillStyle: 'none' } : { fillStyle: 'solid', fillColor: change.fillColor });
  }
  const variant = change.variants?.[annotation.type];
  if (variant !== undefined && kind.variants) Object.assign(patch, kind.variants.fields(variant, new Date(), annotation));
  return patch as AnnotationPatch;
}

/** The style shown while `annotation` is selected, so the panel reflects it. */
export function styleOf(annotation: Annotation, current: AnnotationStyle): AnnotationStyle {
  const next = { ...current, color: annotation.color, opacity: annotation.opacity, strokeWidth: annotation.strokeWidth };
  const { variants, capabilities } = kindOf(annotation.type);
  if (variants) next.variants = { ...current.variants, [annotation.type]: variants.of(annotation) };
  // A kind that is text in a font has the text fields (the ones stylePatch sets).
  return capabilities.text ? { ...next, ...textStyleOf(annotation as unknown as TextStyle) } : next;
}
