import {
  AnnotationValidationError,
  normalizeAnnotation,
  parseAnnotations,
  serializeAnnotations,
  type Annotation,
} from '@marginalia/pdf-editor/core';

// #region create
// Only `type` and `page` are required; everything else gets the editor's defaults
// (a nanoid id, timestamps, yellow at 0.3 opacity, 100 x 20 pt for a highlight).
const highlight = normalizeAnnotation({ type: 'highlight', page: 1, position: { x: 72, y: 140 } });

const note = normalizeAnnotation({
  type: 'text',
  page: 2,
  position: { x: 72, y: 72 },
  content: 'Check this figure',
  fontSize: 14,
  color: '#C00000',
});
// #endregion

// #region json
// Versioned JSON out ...
const json: string = serializeAnnotations([highlight, note]);

// ... and validated JSON in: a bare array or { version, annotations } both work.
export function load(text: string): Annotation[] {
  try {
    return parseAnnotations(text);
  } catch (error) {
    if (error instanceof AnnotationValidationError) {
      // One line per problem, e.g. "annotations[3].radius: Too small: expected number to be >=0".
      console.error(error.issues.join('\n'));
      return [];
    }
    throw error;
  }
}
// #endregion

// #region narrow
// `Annotation` is a union discriminated on `type`.
export function describe(annotation: Annotation): string {
  switch (annotation.type) {
    case 'text':
      return `"${annotation.content}" in ${annotation.fontSize} pt ${annotation.fontFamily}`;
    case 'circle':
      return `circle of radius ${annotation.radius}`;
    case 'freehand':
      return `stroke through ${annotation.points.length} points`;
    default:
      return annotation.type;
  }
}
// #endregion

export const restored = load(json);
