// Moves an annotation with its page when the page is turned, so it stays on the same content.
// Coordinates are display coordinates (origin top-left of the page as shown); turning a page
// W x H by 90 degrees clockwise shows it H x W, and the display point (x, y) moves to (H - y, x).
//
// The model has no per-annotation rotation; how each kind follows the turn is its own (its
// `capabilities.rotate` and `turn`): boxes that cover content turn with it (width and height
// swap), lines turn point by point, upright content (image, signature, text) turns about its
// centre, a comment's anchor turns.
// Turning by 90 four times returns the original geometry (up to floating-point rounding).
import { normalizeRotation } from '../geometry/pageSpace';
import type { Turn } from '../kinds/kind';
import { kindFor } from '../kinds/registry';
import type { Annotation } from '../model/types';
import type { PageSize } from './types';


/** The mapping of display points for a page of `size` (before the turn) turned by `degrees` clockwise. */
export function pageTurn(size: PageSize, degrees: number): Turn {
  const { width: w, height: h } = size;
  switch (normalizeRotation(degrees)) {
    case 0:
      return (p) => ({ x: p.x, y: p.y });
    case 90:
      return (p) => ({ x: h - p.y, y: p.x });
    case 180:
      return (p) => ({ x: w - p.x, y: h - p.y });
    case 270:
      return (p) => ({ x: p.y, y: w - p.x });
  }
}

/** The annotation as it sits on its page of displayed `size` after turning that page by `degrees`. */
export function rotateAnnotation(annotation: Annotation, size: PageSize, degrees: number): Annotation {
  return kindFor(annotation).turn(annotation, pageTurn(size, degrees));
}

/** The displayed size of a page of `size` after turning it by `degrees`. */
export function turnedSize(size: PageSize, degrees: number): PageSize {
  return normalizeRotation(degrees) % 180 === 0 ? size : { width: size.height, height: size.width };
}
