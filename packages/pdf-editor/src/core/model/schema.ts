// The annotation model as zod schemas: the one definition the TypeScript types, validation of
// stored JSON and the server's payload checks all derive from.
//
// Coordinates are PDF points at scale 1, origin at the top-left corner of the page *as displayed*
// (its /Rotate applied, its CropBox as the visible area); `page` is 1-based.
import { z } from 'zod';

export const pointSchema = z.object({
  x: z.number().finite(),
  y: z.number().finite(),
});

export const rectSchema = z.object({
  x: z.number().finite(),
  y: z.number().finite(),
  width: z.number().finite().nonnegative(),
  height: z.number().finite().nonnegative(),
});

const timestamp = z.string().min(1);

const baseFields = {
  id: z.string().min(1),
  page: z.number().int().positive(),
  position: pointSchema,
  color: z.string(),
  opacity: z.number().min(0).max(1),
  strokeWidth: z.number().finite().nonnegative(),
  createdAt: timestamp,
  updatedAt: timestamp,
};

const boxFields = {
  width: z.number().finite().nonnegative(),
  height: z.number().finite().nonnegative(),
};

export const textAnnotationSchema = z.object({
  ...baseFields,
  type: z.literal('text'),
  content: z.string(),
  fontSize: z.number().positive(),
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

export const highlightAnnotationSchema = z.object({ ...markupFields, type: z.literal('highlight') });
export const strikethroughAnnotationSchema = z.object({ ...markupFields, type: z.literal('strikethrough') });
export const underlineAnnotationSchema = z.object({ ...markupFields, type: z.literal('underline') });

export const rectangleAnnotationSchema = z.object({
  ...baseFields,
  ...boxFields,
  type: z.literal('rectangle'),
  fillStyle: z.enum(['none', 'solid']),
  /** Fill colour for `fillStyle: 'solid'`; the stroke colour when absent. */
  fillColor: z.string().optional(),
});

export const circleAnnotationSchema = z.object({
  ...baseFields,
  type: z.literal('circle'),
  /** `position` is the top-left of the circle's bounding box; its centre is position + radius. */
  radius: z.number().finite().nonnegative(),
});

export const arrowAnnotationSchema = z.object({
  ...baseFields,
  type: z.literal('arrow'),
  endPoint: pointSchema,
});

export const freehandAnnotationSchema = z.object({
  ...baseFields,
  type: z.literal('freehand'),
  points: z.array(pointSchema),
});

export const imageAnnotationSchema = z.object({
  ...baseFields,
  ...boxFields,
  type: z.literal('image'),
  /** A data URL (PNG or JPEG). */
  imageData: z.string(),
});

export const signatureAnnotationSchema = z.object({
  ...baseFields,
  ...boxFields,
  type: z.literal('signature'),
  imageData: z.string(),
});

export const whiteoutAnnotationSchema = z.object({
  ...baseFields,
  ...boxFields,
  type: z.literal('whiteout'),
});

export const commentAnnotationSchema = z.object({
  ...baseFields,
  type: z.literal('comment'),
  content: z.string(),
});

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

export const annotationListSchema = z.array(annotationSchema);

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
