// Annotations arriving in a request body or form field: checked against the model and against the
// server's rule for image data (see services/annotationImages.ts); a 400 names what is wrong.
import { parseAnnotations, type Annotation } from '@marginalia/pdf-editor/core';
import { HttpError } from '../errors';
import { findAnnotationImageProblem } from '../services/annotationImages';

export function readAnnotations(input: unknown): Annotation[] {
  const annotations = parseAnnotations(input);
  const imageProblem = findAnnotationImageProblem(annotations);
  if (imageProblem) throw new HttpError(400, imageProblem.message, { extra: { errors: [imageProblem] } });
  return annotations;
}
