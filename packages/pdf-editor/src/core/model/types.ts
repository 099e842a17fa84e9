// TypeScript types of the annotation model, derived from the schemas so the two never drift.
import type { z } from 'zod';
import type {
  annotationSchema,
  arrowAnnotationSchema,
  circleAnnotationSchema,
  commentAnnotationSchema,
  freehandAnnotationSchema,
  highlightAnnotationSchema,
  imageAnnotationSchema,
  pointSchema,
  rectSchema,
  rectangleAnnotationSchema,
  signatureAnnotationSchema,
  strikethroughAnnotationSchema,
  textAnnotationSchema,
  underlineAnnotationSchema,
  whiteoutAnnotationSchema,
  ANNOTATION_TYPES,
} from './schema';

export type Point = z.infer<typeof pointSchema>;
export type Rect = z.infer<typeof rectSchema>;

export type TextAnnotation = z.infer<typeof textAnnotationSchema>;
export type HighlightAnnotation = z.infer<typeof highlightAnnotationSchema>;
export type StrikethroughAnnotation = z.infer<typeof strikethroughAnnotationSchema>;
export type UnderlineAnnotation = z.infer<typeof underlineAnnotationSchema>;
export type RectangleAnnotation = z.infer<typeof rectangleAnnotationSchema>;
export type CircleAnnotation = z.infer<typeof circleAnnotationSchema>;
export type ArrowAnnotation = z.infer<typeof arrowAnnotationSchema>;
export type FreehandAnnotation = z.infer<typeof freehandAnnotationSchema>;
export type ImageAnnotation = z.infer<typeof imageAnnotationSchema>;
export type SignatureAnnotation = z.infer<typeof signatureAnnotationSchema>;
export type WhiteoutAnnotation = z.infer<typeof whiteoutAnnotationSchema>;
export type CommentAnnotation = z.infer<typeof commentAnnotationSchema>;

/** One annotation: a discriminated union on `type`. */
export type Annotation = z.infer<typeof annotationSchema>;
export type AnnotationType = (typeof ANNOTATION_TYPES)[number];
export type AnnotationOfType<T extends AnnotationType> = Extract<Annotation, { type: T }>;

/** Text-line markups: highlight, strikethrough and underline. */
export type MarkupAnnotation = HighlightAnnotation | StrikethroughAnnotation | UnderlineAnnotation;

/**
 * What `normalizeAnnotation` accepts: a type and a page, everything else optional and filled
 * with the spec's defaults.
 */
export type AnnotationInput = {
  [K in AnnotationType]: { type: K; page: number } & Partial<Omit<AnnotationOfType<K>, 'type' | 'page'>>;
}[AnnotationType];
