// Annotations arriving in a request body or form field, whole lists or the changes of a PATCH:
// checked against the model (the SDK's parsers, shared with the clients) and against the server's
// rule for image data (see services/annotationImages.ts); a 400 names what is wrong.
import {
  parseAnnotationChanges,
  parseAnnotations,
  type Annotation,
  type AnnotationChanges,
} from '@marginalia/pdf-editor/core';
import { HttpError } from '../errors';
import { findAnnotationImageProblem } from '../services/annotationImages';

function checkImages(annotations: readonly Annotation[], field: string): void {
  const imageProblem = findAnnotationImageProblem(annotations, field);
  if (imageProblem) throw new HttpError(400, imageProblem.message, { extra: { errors: [imageProblem] } });
}

export function readAnnotations(input: unknown): Annotation[] {
  const annotations = parseAnnotations(input);
  checkImages(annotations, 'annotations');
  return annotations;
}

/** `{ added, updated, removed }` of a PATCH body. */
export function readAnnotationChanges(input: unknown): AnnotationChanges {
  const changes = parseAnnotationChanges(input);
  checkImages(changes.added, 'added');
  checkImages(changes.updated, 'updated');
  return changes;
}
