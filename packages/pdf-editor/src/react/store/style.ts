// The current annotation style (spec section 3) and the choices the properties panel offers
// (section 9), plus how a style becomes the fields of a new annotation or a patch of a selected one.
import { DEFAULTS, WHITEOUT_PRESETS } from '../../core/model/defaults';
import type { Annotation, AnnotationType } from '../../core/model/types';
import type { AnnotationPatch } from '../../core/history/annotationList';

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

const isMarkup = (type: AnnotationType) => type === 'highlight' || type === 'strikethrough' || type === 'underline';

/** Style fields a new annotation of `type` takes from the current style. */
export function styleFields(type: AnnotationType, style: AnnotationStyle): Record<string, unknown> {
  if (type === 'whiteout') return { color: DEFAULTS.whiteoutColor, opacity: 1 };
  if (type === 'image' || type === 'signature') return { opacity: style.opacity };
  const base = { color: style.color, opacity: style.opacity, strokeWidth: style.strokeWidth };
  if (type === 'highlight') {
    // The default black would hide the text: a highlight keeps its yellow at 0.3 until a colour is picked.
    const color = style.color === DEFAULTS.color ? DEFAULTS.highlightColor : style.color;
    return { ...base, color, opacity: style.opacity === 1 ? DEFAULTS.highlightOpacity : style.opacity };
  }
  if (isMarkup(type)) return base;
  if (type === 'text') {
    const { fontSize, fontFamily, fontWeight, fontStyle, textAlign, textDecoration } = style;
    return { ...base, fontSize, fontFamily, fontWeight, fontStyle, textAlign, textDecoration };
  }
  if (type === 'rectangle' && style.fillColor !== 'transparent') return { ...base, fillStyle: 'solid', fillColor: style.fillColor };
  return base;
}

/** The patch a change of style makes to an existing annotation: only fields its type has. */
export function stylePatch(annotation: Annotation, change: Partial<AnnotationStyle>, style: AnnotationStyle = DEFAULT_STYLE): AnnotationPatch {
  if (annotation.type === 'whiteout') {
    const box = change.whiteoutSize || change.whiteoutWidth || change.whiteoutHeight;
    return box ? whiteoutBox({ ...style, ...change }) : {};
  }
  const patch: Record<string, unknown> = {};
  if (change.color !== undefined && annotation.type !== 'image' && annotation.type !== 'signature') patch.color = change.color;
  if (change.opacity !== undefined) patch.opacity = change.opacity;
  if (change.strokeWidth !== undefined) patch.strokeWidth = change.strokeWidth;
  if (annotation.type === 'text') {
    for (const key of ['fontSize', 'fontFamily', 'fontWeight', 'fontStyle', 'textAlign', 'textDecoration'] as const) {
      if (change[key] !== undefined) patch[key] = change[key];
    }
  }
  if (annotation.type === 'rectangle' && change.fillColor !== undefined) {
    Object.assign(patch, change.fillColor === 'transparent' ? { fillStyle: 'none' } : { fillStyle: 'solid', fillColor: change.fillColor });
  }
  return patch as AnnotationPatch;
}

/** The style shown while `annotation` is selected, so the panel reflects it. */
export function styleOf(annotation: Annotation, current: AnnotationStyle): AnnotationStyle {
  const next = { ...current, color: annotation.color, opacity: annotation.opacity, strokeWidth: annotation.strokeWidth };
  if (annotation.type === 'text') {
    const { fontSize, fontFamily, fontWeight, fontStyle, textAlign, textDecoration } = annotation;
    Object.assign(next, { fontSize, fontFamily, fontWeight, fontStyle, textAlign, textDecoration });
  }
  return next;
}
