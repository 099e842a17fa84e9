// Annotations that several server tests send.
import { normalizeAnnotation, type Annotation } from '@marginalia/pdf-editor/core';

/** An image annotation whose picture is a network address: refused, since the server never fetches one. */
export function remoteImageAnnotation(): Annotation {
  return normalizeAnnotation({
    id: 'i1',
    type: 'image',
    page: 1,
    position: { x: 72, y: 72 },
    width: 100,
    height: 80,
    imageData: 'http://127.0.0.1:9/logo.png',
  });
}

/** A text annotation on page 1 holding `content`: with many lines, a slow job for the PDF worker. */
export function essayAnnotation(content: string): Annotation {
  return normalizeAnnotation({
    id: 'essay',
    type: 'text',
    page: 1,
    position: { x: 72, y: 72 },
    width: 300,
    content,
  });
}

/**
 * A red 24 pt text annotation on page 1 holding `content`, `y` points down the page, with fixed
 * dates so a list sent and a list read back compare equal.
 */
export function textNote(id: string, content: string, y = 100): Annotation {
  return normalizeAnnotation({
    id,
    type: 'text',
    page: 1,
    position: { x: 72, y },
    content,
    fontSize: 24,
    color: '#c00000',
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
  });
}
