// The annotation model as zod schemas: the one definition the TypeScript types, validation of
// stored JSON and the server's payload checks all derive from.
//
// Coordinates are PDF points at scale 1, origin at the top-left corner of the page *as displayed*
// (its /Rotate applied, its CropBox as the visible area); `page` is 1-based.
import { z } from 'zod';

/**
 * Validates a {@link Point}: finite `x` and `y` in page points (origin top-left of the page as
 * displayed, y downward).
 */
export const pointSchema = z.object({
  x: z.number().finite(),
  y: z.number().finite(),
});

/**
 * Validates a {@link Rect}: finite `x`, `y` and a non-negative `width` and `height`, in page points.
 */
export const rectSchema = z.object({
  x: z.number().finite(),
  y: z.number().finite(),
  width: z.number().finite().nonnegative(),
  height: z.number().finite().nonnegative(),
});

const timestamp = z.string().min(1);

const baseFields = {
  /** Unique within a document's list; `normalizeAnnotation` makes a nanoid. */
  id: z.string().min(1),
  /** 1-based page number. */
  page: z.number().int().positive(),
  /** Top-left corner of the annotation (an arrow's start), in page points. */
  position: pointSchema,
  /** `#RRGGBB`; export draws anything that is not a 6-digit hex colour as black. */
  color: z.string(),
  /** 0 (invisible) to 1 (opaque). */
  opacity: z.number().min(0).max(1),
  /** Line width in points, for the types that draw a line. */
  strokeWidth: z.number().finite().nonnegative(),
  /** ISO 8601 timestamp of creation. */
  createdAt: timestamp,
  /** ISO 8601 timestamp of the last change; `updateAnnotation` stamps it. */
  updatedAt: timestamp,
};

const boxFields = {
  /** Size of the box from `position`, in page points. */
  width: z.number().finite().nonnegative(),
  height: z.number().finite().nonnegative(),
};

/** Validates a {@link TextAnnotation}. */
export const textAnnotationSchema = z.object({
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
  textDecoration: z.enum(['none', 'underline']),
  /** Width of the text box; alignment is relative to it. Absent: as wide as the longest line. */
  width: z.number().finite().nonnegative().optional(),
});

/** Highlight, strikethrough and underline share a shape: a box, optionally snapped to text lines. */
const markupFields = {
  ...baseFields,
  ...boxFields,
  /** One rectangle per selected text line, when the mark was snapped to text. */
  rects: z.array(rectSchema).optional(),
};

/** Validates a {@link HighlightAnnotation}. */
export const highlightAnnotationSchema = z.object({ ...markupFields, type: z.literal('highlight') });
/** Validates a {@link StrikethroughAnnotation}. */
export const strikethroughAnnotationSchema = z.object({ ...markupFields, type: z.literal('strikethrough') });
/** Validates an {@link UnderlineAnnotation}. */
export const underlineAnnotationSchema = z.object({ ...markupFields, type: z.literal('underline') });

/** Validates a {@link RectangleAnnotation}. */
export const rectangleAnnotationSchema = z.object({
  ...baseFields,
  ...boxFields,
  type: z.literal('rectangle'),
  fillStyle: z.enum(['none', 'solid']),
  /** Fill colour for `fillStyle: 'solid'`; the stroke colour when absent. */
  fillColor: z.string().optional(),
});

/** Validates a {@link CircleAnnotation}. */
export const circleAnnotationSchema = z.object({
  ...baseFields,
  type: z.literal('circle'),
  /** `position` is the top-left of the circle's bounding box; its centre is position + radius. */
  radius: z.number().finite().nonnegative(),
});

/** Validates an {@link ArrowAnnotation}. */
export const arrowAnnotationSchema = z.object({
  ...baseFields,
  type: z.literal('arrow'),
  /** The tip, where the head is drawn, in page points; the shaft starts at `position`. */
  endPoint: pointSchema,
});

/** Validates a {@link FreehandAnnotation}. */
export const freehandAnnotationSchema = z.object({
  ...baseFields,
  type: z.literal('freehand'),
  /** The stroke's points in page points (not relative to `position`), drawn as one smooth path. */
  points: z.array(pointSchema),
});

/** Validates an {@link ImageAnnotation}. */
export const imageAnnotationSchema = z.object({
  ...baseFields,
  ...boxFields,
  type: z.literal('image'),
  /** A data URL (PNG or JPEG). */
  imageData: z.string(),
});

/** Validates a {@link SignatureAnnotation}. */
export const signatureAnnotationSchema = z.object({
  ...baseFields,
  ...boxFields,
  type: z.literal('signature'),
  /** The signature image as a data URL (`SignaturePad` makes a PNG). */
  imageData: z.string(),
});

/** Validates a {@link WhiteoutAnnotation}. */
export const whiteoutAnnotationSchema = z.object({
  ...baseFields,
  ...boxFields,
  type: z.literal('whiteout'),
});

/** Validates a {@link CommentAnnotation}. */
export const commentAnnotationSchema = z.object({
  ...baseFields,
  type: z.literal('comment'),
  /** The note's text. */
  content: z.string(),
});

/**
 * Validates one {@link Annotation} of any type, picked by its `type` field. `parseAnnotations` is
 * the usual entry point; use this schema to validate annotations inside payloads of your own.
 *
 * @example
 * const result = annotationSchema.safeParse(JSON.parse(body));
 * if (!result.success) console.error(result.error.issues);
 */
export const annotationSchema = z.discriminatedUnion('type', [
  textAnnotationSchema,
  highlightAnnotationSchema,
  strikethroughAnnotationSchema,
  underlineAnnotationSchema,
  rectangleAnnotationSchema,
  circleAnnotationSchema,
  arrowAnnotationSchema,
  freehandAnnotationSchema,
  imageAnnotationSchema,
  signatureAnnotationSchema,
  whiteoutAnnotationSchema,
  commentAnnotationSchema,
]);

/** Validates an array of annotations (a document's list), as {@link annotationSchema} does one. */
export const annotationListSchema = z.array(annotationSchema);

/** Every annotation `type`; {@link AnnotationType} is their union. */
export const ANNOTATION_TYPES = [
  'text',
  'highlight',
  'strikethrough',
  'underline',
  'rectangle',
  'circle',
  'arrow',
  'freehand',
  'image',
  'signature',
  'whiteout',
  'comment',
] as const;
