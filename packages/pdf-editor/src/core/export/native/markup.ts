// A text markup (highlight, strikethrough, underline, squiggly) as the subtype its kind names
// (/Highlight, /StrikeOut, /Underline, /Squiggly), with one quadrilateral per text line. /QuadPoints follow the order Acrobat, pdf.js and
// poppler read: upper-left, upper-right, lower-left, lower-right, "upper" meaning as displayed, so
// the marks keep their orientation on rotated pages.
import { markupRects } from '../../geometry/annotationGeometry';
import type { MarkupAnnotation, Rect } from '../../model/types';
import {
  boundsOf,
  type NativeParts,
  type NativeSubtype,
  type NativeWriter,
  type WriterEnv,
} from './nativeTypes';

function quadPoints(env: WriterEnv, rects: readonly Rect[]): number[] {
  return rects.flatMap((r) =>
    [
      { x: r.x, y: r.y },
      { x: r.x + r.width, y: r.y },
      { x: r.x, y: r.y + r.height },
      { x: r.x + r.width, y: r.y + r.height },
    ].flatMap((corner) => {
      const pdf = env.space.toPdf(corner);
      return [pdf.x, pdf.y];
    }),
  );
}

/** The writer of a text markup kind whose native annotations are of `subtype`. */
export const writeMarkup =
  (subtype: NativeSubtype): NativeWriter<MarkupAnnotation> =>
  (annotation, env) => {
    const rects = markupRects(annotation);
    const box: Rect = {
      x: annotation.position.x,
      y: annotation.position.y,
      width: annotation.width,
      height: annotation.height,
    };
    const corners = [box, ...rects].flatMap((r) => [
      { x: r.x, y: r.y },
      { x: r.x + r.width, y: r.y + r.height },
    ]);
    const parts: NativeParts = {
      subtype,
      displayRect: boundsOf(corners),
      entries: { QuadPoints: quadPoints(env, rects) },
      color: annotation.color,
      borderWidth: annotation.strokeWidth,
    };
    return parts;
  };
