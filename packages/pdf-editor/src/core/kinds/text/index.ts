// Text: lines from `position` (top-left) in `fontSize` points, aligned within `width` or, without
// one, within the estimated width of the longest line (`textBoxSize`, the one estimate the
// selection box and page turns share). Resizing changes its width only; it stays upright when its
// page turns.
import * as z from 'zod';
import { lazySchema } from '../../model/lazySchema';
import { baseFields } from '../../model/fields';
import { DEFAULTS } from '../../model/defaultValues';
import { textBoxSize } from '../../geometry/annotationGeometry';
import type { AnnotationKind } from '../kind';
import { cornerHandles, resizeBox, shift, turnUpright } from '../shared/geometry';

/** Validates a {@link TextAnnotation}. */
export const textAnnotationSchema = lazySchema(() => z.object({
  ...baseFields,
  type: z.literal('text'),
  /** The text; `\n` breaks lines. */
  content: z.string(),
  /** In points at scale 1. */
  fontSize: z.number().positive(),
  /** A family name such as `Arial`; export maps it to a standard PDF font or the embedded Unicode font. */
  fontFamily: z.string().min(1),
  fontWeight: z.enum(['normal', 'bold']),
  fontStyle: z.enum(['normal', 'italic']),
  textAlign: z.enum(['left', 'center', 'right']),
  // From an object, whose type keeps its keys' order: from a list, the report printed the values
  // in whatever order the compiler first met them, which differed between checkouts.
  textDecoration: z.enum({ none: 'none', underline: 'underline' }),
  /** Width of the text box; alignment is relative to it. Absent: as wide as the longest line. */
  width: z.number().finite().nonnegative().optional(),
}));

const boundsOf = (annotation: TextAnnotation) => ({ ...annotation.position, ...textBoxSize(annotation) });

/**
 * Text whose box starts at `position` (top-left), in `fontSize` points, its lines aligned within
 * `width` (or within the longest line when absent).
 */
export type TextAnnotation = z.infer<typeof textAnnotationSchema>;

export const textKind: AnnotationKind<TextAnnotation> = {
  type: 'text',
  schema: textAnnotationSchema,
  defaults: () => ({
    content: '',
    fontSize: DEFAULTS.fontSize,
    fontFamily: DEFAULTS.fontFamily,
    fontWeight: 'normal',
    fontStyle: 'normal',
    textAlign: 'left',
    textDecoration: 'none',
  }),
  capabilities: { stroke: false, fill: false, text: true, color: true, opacity: true, resize: 'corners', rotate: 'upright', edit: { in: 'box', required: true } },
  bounds: boundsOf,
  translate: (annotation, dx, dy) => ({ position: shift(annotation.position, dx, dy) }),
  handles: (annotation) => cornerHandles(boundsOf(annotation)),
  resize(original, handle, point) {
    const to = resizeBox(boundsOf(original), handle, point);
    return { position: { x: to.x, y: original.position.y }, width: to.width };
  },
  fontText: (annotation) => annotation.content,
  turn(annotation, turn) {
    const box = textBoxSize(annotation);
    return { ...annotation, position: turnUpright(annotation.position, box.width, box.height, turn) };
  },
};
