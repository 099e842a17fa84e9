// Public API of @marginalia/pdf-editor/core: framework-free (no React, no DOM), for Node and browsers.
// Everything not listed here is internal.

// Model
export {
  annotationSchema,
  annotationListSchema,
  pointSchema,
  rectSchema,
  ANNOTATION_TYPES,
} from './model/schema';
export type {
  Annotation,
  AnnotationInput,
  AnnotationOfType,
  AnnotationType,
  ArrowAnnotation,
  CircleAnnotation,
  CommentAnnotation,
  FreehandAnnotation,
  HighlightAnnotation,
  ImageAnnotation,
  MarkupAnnotation,
  Point,
  Rect,
  RectangleAnnotation,
  SignatureAnnotation,
  StrikethroughAnnotation,
  TextAnnotation,
  UnderlineAnnotation,
  WhiteoutAnnotation,
} from './model/types';
export { normalizeAnnotation, DEFAULTS, WHITEOUT_PRESETS } from './model/defaults';
export { parseAnnotations, serializeAnnotations, ANNOTATIONS_FORMAT_VERSION } from './model/serialize';

// Errors
export {
  AnnotationValidationError,
  PageRangeError,
  PdfEmptyError,
  PdfEncryptedError,
  PdfInvalidError,
} from './errors';

// Geometry
export { createPageSpace, normalizeRotation } from './geometry/pageSpace';
export type { PageRotation, PageSpace, PdfBox } from './geometry/pageSpace';
